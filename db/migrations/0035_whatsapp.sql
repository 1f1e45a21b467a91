CREATE TABLE "whatsapp_channel_state" (
	"id" text PRIMARY KEY DEFAULT 'channel' NOT NULL,
	"unauthorized" boolean DEFAULT false NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"failing_since" timestamp with time zone,
	"admins_told_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"wamid" text,
	"direction" text NOT NULL,
	"type" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"wa_id" text,
	"user_id" text,
	"profile_name" text,
	"media_id" text,
	"media_mime_type" text,
	"media_filename" text,
	"media_stored_as" text,
	"media_size" integer,
	"media_not_kept_reason" text,
	"possible_inquiry_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text,
	"status_at" timestamp with time zone,
	"error_code" integer,
	"error_title" text,
	"template_name" text,
	"template_language" text,
	"template_parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_by" text,
	"delivery_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_delivery_id_whatsapp_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."whatsapp_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_deliveries_received_idx" ON "whatsapp_deliveries" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wamid_key" ON "whatsapp_messages" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_inquiry_idx" ON "whatsapp_messages" USING btree ("inquiry_id","sent_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_wa_id_idx" ON "whatsapp_messages" USING btree ("wa_id","created_at" DESC NULLS LAST) WHERE "whatsapp_messages"."direction" = 'in';--> statement-breakpoint
CREATE INDEX "whatsapp_messages_user_id_idx" ON "whatsapp_messages" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE "whatsapp_messages"."direction" = 'in';--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_name_language_key" ON "whatsapp_templates" USING btree ("name","language");