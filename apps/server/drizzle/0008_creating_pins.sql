CREATE TABLE "media_uploads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"source_url" text,
	"image_id" bigint,
	"video_key" text,
	"video_duration_ms" integer,
	"byte_size" bigint DEFAULT 0 NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pin_story_pages" (
	"pin_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"image_id" bigint NOT NULL,
	"video_key" text,
	"video_duration_ms" integer,
	"text" text DEFAULT '' NOT NULL,
	CONSTRAINT "pin_story_pages_pin_id_position_pk" PRIMARY KEY("pin_id","position")
);
--> statement-breakpoint
ALTER TABLE "pins" ADD COLUMN "video_key" text;--> statement-breakpoint
ALTER TABLE "pins" ADD COLUMN "video_duration_ms" integer;--> statement-breakpoint
ALTER TABLE "pins" ADD COLUMN "story_page_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_story_pages" ADD CONSTRAINT "pin_story_pages_pin_id_pins_id_fk" FOREIGN KEY ("pin_id") REFERENCES "public"."pins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_story_pages" ADD CONSTRAINT "pin_story_pages_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_uploads_user_id_idx" ON "media_uploads" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_uploads_user_source_idx" ON "media_uploads" USING btree ("user_id","source_url");