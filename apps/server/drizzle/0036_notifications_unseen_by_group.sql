-- The unread count (decision 66) walks a recipient's unseen rows group by group and stops at its cap,
-- instead of reading every unseen row of a person with many.
DROP INDEX "notifications_unseen_idx";--> statement-breakpoint
CREATE INDEX "notifications_unseen_idx" ON "notifications" USING btree ("recipient_id","group_key") WHERE "notifications"."seen_at" is null;