CREATE TABLE "ad_charges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ad_id" bigint NOT NULL,
	"ad_group_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_micro" bigint NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_group_spend_days" (
	"ad_group_id" bigint NOT NULL,
	"day" date NOT NULL,
	"spent_micro" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_group_spend_days_ad_group_id_day_pk" PRIMARY KEY("ad_group_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_token_uses" (
	"nonce" text NOT NULL,
	"kind" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_token_uses_nonce_kind_pk" PRIMARY KEY("nonce","kind")
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "impressions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "clicks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_charges" ADD CONSTRAINT "ad_charges_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_charges" ADD CONSTRAINT "ad_charges_ad_group_id_ad_groups_id_fk" FOREIGN KEY ("ad_group_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_charges" ADD CONSTRAINT "ad_charges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_charges" ADD CONSTRAINT "ad_charges_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_group_spend_days" ADD CONSTRAINT "ad_group_spend_days_ad_group_id_ad_groups_id_fk" FOREIGN KEY ("ad_group_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_charges_ad_idx" ON "ad_charges" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "ad_charges_campaign_idx" ON "ad_charges" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "ads_serving_idx" ON "ads" USING btree ("ad_group_id") WHERE "ads"."status" = 'ACTIVE' and "ads"."review_status" = 'APPROVED' and "ads"."pin_id" is not null;