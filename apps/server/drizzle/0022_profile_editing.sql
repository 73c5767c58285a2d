CREATE TABLE "former_usernames" (
	"username" text NOT NULL,
	"user_id" bigint NOT NULL,
	"left_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pronouns" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "former_usernames" ADD CONSTRAINT "former_usernames_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "former_usernames_lower_key" ON "former_usernames" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "former_usernames_user_id_idx" ON "former_usernames" USING btree ("user_id");--> statement-breakpoint
-- Names made from an email keep only letters and spaces (decision 45): a first name still equal
-- to what the earlier rule made of the account's email (dots and underscores as spaces, digits
-- dropped, every other character kept) becomes what the rule makes now (any non-letter a space).
-- Only ASCII local parts: their letters are the same in every collation. Names people typed
-- themselves never equal the old form by chance, and an empty new form keeps the old name.
UPDATE "users" AS u
SET "first_name" = d.new_name, "updated_at" = now()
FROM (
  SELECT e.id,
    btrim(left(array_to_string(ARRAY(
      SELECT upper(left(t.w, 1)) || lower(substr(t.w, 2))
      FROM unnest(string_to_array(regexp_replace(regexp_replace(e.lp, '[._]', ' ', 'g'), '[0-9]', '', 'g'), ' '))
        WITH ORDINALITY AS t(w, n)
      WHERE t.w <> '' ORDER BY t.n), ' '), 30)) AS old_name,
    btrim(left(array_to_string(ARRAY(
      SELECT upper(left(t.w, 1)) || lower(substr(t.w, 2))
      FROM unnest(regexp_split_to_array(regexp_replace(e.lp, '[0-9]', '', 'g'), '[^A-Za-z]+'))
        WITH ORDINALITY AS t(w, n)
      WHERE t.w <> '' ORDER BY t.n), ' '), 30)) AS new_name
  FROM (
    SELECT "id" AS id, substring(btrim("email") from '^(.*)@') AS lp
    FROM "users"
    WHERE "email" IS NOT NULL
  ) AS e
  WHERE e.lp ~ '^[ -~]*$'
) AS d
WHERE u."id" = d.id AND u."first_name" = d.old_name AND d.new_name <> '' AND d.new_name <> d.old_name;
