CREATE TABLE "invoice_accounts" (
	"advertiser_id" bigint PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_accounts_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"advertiser_id" bigint NOT NULL,
	"month" date NOT NULL,
	"amount_micro" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_reference" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" date NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "billing_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "payment_account" text;--> statement-breakpoint
ALTER TABLE "invoice_accounts" ADD CONSTRAINT "invoice_accounts_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_advertiser_month_key" ON "invoices" USING btree ("advertiser_id","month");--> statement-breakpoint
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("advertiser_id","due_date") WHERE "invoices"."status" = 'open';--> statement-breakpoint
CREATE INDEX "ad_charges_day_idx" ON "ad_charges" USING btree ("day");--> statement-breakpoint
-- Billing details saved before the payment adapter get their invoice account (decision 62).
INSERT INTO "invoice_accounts" ("advertiser_id", "reference")
  SELECT "advertiser_id", 'PB-' || lpad("advertiser_id"::text, 8, '0') FROM "billing_profiles"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "billing_profiles" SET "payment_account" = 'PB-' || lpad("advertiser_id"::text, 8, '0') WHERE "payment_account" IS NULL;
