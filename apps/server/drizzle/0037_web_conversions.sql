-- WEB_CONVERSION pays per conversion (decision 69): each ad's and each day's conversions, and the
-- token uses' pruning index by kind (a click's use is kept a week for its conversion, an
-- impression's six hours).
DROP INDEX "ad_token_uses_used_at_idx";--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "conversions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_result_days" ADD COLUMN "conversions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ad_token_uses_kind_used_at_idx" ON "ad_token_uses" USING btree ("kind","used_at");
