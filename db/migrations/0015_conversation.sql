CREATE TABLE "inquiry_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"stored_as" text,
	"not_kept_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"message_key" text NOT NULL,
	"message_id" text,
	"in_reply_to" text,
	"kind" text DEFAULT 'message' NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text,
	"subject" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"authentication" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mailbox" text NOT NULL,
	"reply_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_cursors" (
	"mailbox" text PRIMARY KEY NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sent_message_ids" (
	"message_id" text PRIMARY KEY NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"reply_id" uuid,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "source" text DEFAULT 'form' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiry_attachments" ADD CONSTRAINT "inquiry_attachments_message_id_inquiry_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inquiry_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_attachments" ADD CONSTRAINT "inquiry_attachments_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_reply_id_inquiry_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."inquiry_replies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_message_ids" ADD CONSTRAINT "sent_message_ids_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_message_ids" ADD CONSTRAINT "sent_message_ids_reply_id_inquiry_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."inquiry_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiry_attachments_message_idx" ON "inquiry_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "inquiry_attachments_inquiry_idx" ON "inquiry_attachments" USING btree ("inquiry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_messages_message_key_key" ON "inquiry_messages" USING btree ("message_key");--> statement-breakpoint
CREATE INDEX "inquiry_messages_inquiry_idx" ON "inquiry_messages" USING btree ("inquiry_id","sent_at");--> statement-breakpoint
CREATE INDEX "inquiry_messages_message_id_idx" ON "inquiry_messages" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "sent_message_ids_inquiry_idx" ON "sent_message_ids" USING btree ("inquiry_id");