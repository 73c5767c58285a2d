CREATE TABLE "notification_mail_retries" (
	"recipient_id" bigint NOT NULL,
	"group_key" text NOT NULL,
	"kind" text NOT NULL,
	"invite_id" bigint,
	"attempts" integer DEFAULT 1 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_mail_retries_recipient_id_group_key_pk" PRIMARY KEY("recipient_id","group_key")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_mail_retries" ADD CONSTRAINT "notification_mail_retries_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_mail_retries_due_idx" ON "notification_mail_retries" USING btree ("next_attempt_at");