CREATE TABLE "hidden_pins" (
	"user_id" bigint NOT NULL,
	"pin_id" bigint NOT NULL,
	"image_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_pins_user_id_pin_id_pk" PRIMARY KEY("user_id","pin_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reporter_id" bigint NOT NULL,
	"object_type" text NOT NULL,
	"object_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pins" ADD COLUMN "alt_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hidden_pins" ADD CONSTRAINT "hidden_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_pins" ADD CONSTRAINT "hidden_pins_pin_id_pins_id_fk" FOREIGN KEY ("pin_id") REFERENCES "public"."pins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hidden_pins_user_image_idx" ON "hidden_pins" USING btree ("user_id","image_id");--> statement-breakpoint
CREATE INDEX "hidden_pins_pin_idx" ON "hidden_pins" USING btree ("pin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_per_reporter_key" ON "reports" USING btree ("reporter_id","object_type","object_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_object_idx" ON "reports" USING btree ("object_type","object_id");