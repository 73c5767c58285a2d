CREATE TABLE "ad_result_days" (
	"ad_id" bigint NOT NULL,
	"day" date NOT NULL,
	"campaign_id" bigint NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_result_days_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
ALTER TABLE "ad_result_days" ADD CONSTRAINT "ad_result_days_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_result_days" ADD CONSTRAINT "ad_result_days_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_result_days" ADD CONSTRAINT "ad_result_days_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_result_days_advertiser_day_idx" ON "ad_result_days" USING btree ("advertiser_id","day");--> statement-breakpoint
CREATE INDEX "ad_charges_advertiser_day_idx" ON "ad_charges" USING btree ("advertiser_id","day");--> statement-breakpoint
-- The results of the days before this: what the ledger charged (a click-priced ad's impressions
-- were not kept per day).
INSERT INTO "ad_result_days" ("ad_id", "day", "campaign_id", "advertiser_id", "impressions", "clicks")
  SELECT "ad_id", "day", "campaign_id", "advertiser_id",
    count(*) FILTER (WHERE "kind" = 'impression'), count(*) FILTER (WHERE "kind" = 'click')
  FROM "ad_charges" GROUP BY "ad_id", "day", "campaign_id", "advertiser_id";
