-- Lists read a board's, a section's and a person's pins newest first (`order by id desc`). The
-- indexes were `(…, id desc nulls last)`, an order `order by id desc` (nulls first) cannot use,
-- so PostgreSQL walked the whole primary key backwards and filtered it. Ascending, scanned
-- backwards, they give exactly that order.
DROP INDEX "pins_board_id_idx";--> statement-breakpoint
DROP INDEX "pins_section_id_idx";--> statement-breakpoint
DROP INDEX "pins_pinner_id_idx";--> statement-breakpoint
CREATE INDEX "pins_board_id_idx" ON "pins" USING btree ("board_id","id");--> statement-breakpoint
CREATE INDEX "pins_section_id_idx" ON "pins" USING btree ("section_id","id");--> statement-breakpoint
CREATE INDEX "pins_pinner_id_idx" ON "pins" USING btree ("pinner_id","id");
