ALTER TABLE "pins" ADD COLUMN "origin_pinner_id" bigint;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_origin_pinner_id_users_id_fk" FOREIGN KEY ("origin_pinner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Saves made before this column: the creator is the pinner of the first pin up the chain of
-- via_pin_id (a save of a save credits the creator); where that chain is broken (a pin in it was
-- deleted), the pinner of the pin saved from is the best there is.
WITH RECURSIVE "chain" ("id", "origin") AS (
  SELECT "id", "pinner_id" FROM "pins" WHERE "created_method" <> 'repin'
  UNION ALL
  SELECT "p"."id", "chain"."origin" FROM "pins" "p" JOIN "chain" ON "p"."via_pin_id" = "chain"."id"
  WHERE "p"."created_method" = 'repin'
)
UPDATE "pins" SET "origin_pinner_id" = "chain"."origin" FROM "chain"
WHERE "pins"."id" = "chain"."id" AND "pins"."created_method" = 'repin';--> statement-breakpoint
UPDATE "pins" SET "origin_pinner_id" = "via_pinner_id"
WHERE "created_method" = 'repin' AND "origin_pinner_id" IS NULL;
