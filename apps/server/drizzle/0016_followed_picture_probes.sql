-- The home feed leaves out of its fresh part every picture a followed board or person has. It
-- tested that over every copy of the picture (`pins_image_id_idx`), about a hundred per picture
-- on the benchmark seed and without bound for a picture many save; with these it probes each
-- board and person the viewer follows once (modules/feed/home-feed.repository.ts).
CREATE INDEX "pins_board_image_idx" ON "pins" USING btree ("board_id","image_id");--> statement-breakpoint
CREATE INDEX "pins_pinner_image_idx" ON "pins" USING btree ("pinner_id","image_id");