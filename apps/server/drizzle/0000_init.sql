CREATE TABLE "board_sections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "board_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"board_id" bigint NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"pin_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "boards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" bigint NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"privacy" text DEFAULT 'public' NOT NULL,
	"is_collaborative" boolean DEFAULT false NOT NULL,
	"collaborator_invites_enabled" boolean DEFAULT true NOT NULL,
	"layout" text DEFAULT 'default' NOT NULL,
	"cover_image_id" bigint,
	"has_custom_cover" boolean DEFAULT false NOT NULL,
	"custom_position" integer,
	"archived_at" timestamp with time zone,
	"pin_count" integer DEFAULT 0 NOT NULL,
	"section_count" integer DEFAULT 0 NOT NULL,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"collaborator_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_pinned_to_at" timestamp with time zone,
	"board_order_modified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "experiment_overrides" (
	"experiment" text NOT NULL,
	"unit_id" text DEFAULT '' NOT NULL,
	"group" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiment_overrides_experiment_unit_id_pk" PRIMARY KEY("experiment","unit_id")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"dominant_color" text NOT NULL,
	"mime" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sizes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "pins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pinner_id" bigint NOT NULL,
	"board_id" bigint NOT NULL,
	"section_id" bigint,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text,
	"domain" text,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_id" bigint NOT NULL,
	"dominant_color" text NOT NULL,
	"embed_src" text,
	"embed_type" text,
	"via_pin_id" bigint,
	"via_pinner_id" bigint,
	"created_method" text NOT NULL,
	"repin_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_collaborators" (
	"board_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_collaborators_board_id_user_id_pk" PRIMARY KEY("board_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "board_follows" (
	"user_id" bigint NOT NULL,
	"board_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_follows_user_id_board_id_pk" PRIMARY KEY("user_id","board_id")
);
--> statement-breakpoint
CREATE TABLE "board_invites" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "board_invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"board_id" bigint NOT NULL,
	"inviter_id" bigint NOT NULL,
	"invitee_user_id" bigint,
	"invitee_email" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_follows" (
	"follower_id" bigint NOT NULL,
	"followee_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"email" text,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"website_url" text,
	"avatar_image_id" bigint,
	"avatar_color_index" smallint DEFAULT 0 NOT NULL,
	"type" text DEFAULT 'personal' NOT NULL,
	"country" text,
	"locale" text,
	"gender" text,
	"birthday" date,
	"status" text DEFAULT 'active' NOT NULL,
	"connected_to_facebook" boolean DEFAULT false NOT NULL,
	"connected_to_google" boolean DEFAULT false NOT NULL,
	"pin_count" integer DEFAULT 0 NOT NULL,
	"board_count" integer DEFAULT 0 NOT NULL,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"following_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_sections" ADD CONSTRAINT "board_sections_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_pinner_id_users_id_fk" FOREIGN KEY ("pinner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_section_id_board_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."board_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_via_pinner_id_users_id_fk" FOREIGN KEY ("via_pinner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_collaborators" ADD CONSTRAINT "board_collaborators_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_collaborators" ADD CONSTRAINT "board_collaborators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_follows" ADD CONSTRAINT "board_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_follows" ADD CONSTRAINT "board_follows_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_invites" ADD CONSTRAINT "board_invites_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_invites" ADD CONSTRAINT "board_invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_invites" ADD CONSTRAINT "board_invites_invitee_user_id_users_id_fk" FOREIGN KEY ("invitee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_image_id_images_id_fk" FOREIGN KEY ("avatar_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "board_sections_board_slug_key" ON "board_sections" USING btree ("board_id","slug");--> statement-breakpoint
CREATE INDEX "board_sections_board_position_idx" ON "board_sections" USING btree ("board_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "boards_owner_slug_key" ON "boards" USING btree ("owner_id","slug");--> statement-breakpoint
CREATE INDEX "boards_owner_last_pinned_idx" ON "boards" USING btree ("owner_id",coalesce("last_pinned_to_at", "created_at") desc,"id");--> statement-breakpoint
CREATE INDEX "boards_owner_name_idx" ON "boards" USING btree ("owner_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "pins_board_id_idx" ON "pins" USING btree ("board_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pins_section_id_idx" ON "pins" USING btree ("section_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pins_pinner_id_idx" ON "pins" USING btree ("pinner_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pins_via_pin_id_idx" ON "pins" USING btree ("via_pin_id");--> statement-breakpoint
CREATE INDEX "pins_hashtags_idx" ON "pins" USING gin ("hashtags");--> statement-breakpoint
CREATE INDEX "board_collaborators_user_idx" ON "board_collaborators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "board_follows_board_idx" ON "board_follows" USING btree ("board_id");--> statement-breakpoint
CREATE UNIQUE INDEX "board_invites_pending_user_key" ON "board_invites" USING btree ("board_id","invitee_user_id") WHERE "board_invites"."status" = 'pending' and "board_invites"."invitee_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "board_invites_pending_email_key" ON "board_invites" USING btree ("board_id",lower("invitee_email")) WHERE "board_invites"."status" = 'pending' and "board_invites"."invitee_email" is not null;--> statement-breakpoint
CREATE INDEX "board_invites_invitee_idx" ON "board_invites" USING btree ("invitee_user_id");--> statement-breakpoint
CREATE INDEX "user_follows_followee_idx" ON "user_follows" USING btree ("followee_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");