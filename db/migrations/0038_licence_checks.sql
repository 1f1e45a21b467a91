CREATE TABLE "licence_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"licence_type" text NOT NULL,
	"licence_number" text NOT NULL,
	"holder" text NOT NULL,
	"register" text NOT NULL,
	"checked_on" date NOT NULL,
	"checked_by" text,
	"result" text NOT NULL,
	"expires_on" date,
	"notes" text,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_checks_result_check" CHECK ("licence_checks"."result" in ('valid', 'not-found', 'expired', 'mismatch'))
);
--> statement-breakpoint
ALTER TABLE "licence_checks" ADD CONSTRAINT "licence_checks_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_checks" ADD CONSTRAINT "licence_checks_checked_by_user_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_checks_inquiry_idx" ON "licence_checks" USING btree ("inquiry_id","created_at");--> statement-breakpoint
CREATE INDEX "licence_checks_reminder_idx" ON "licence_checks" USING btree ("expires_on") WHERE "licence_checks"."result" = 'valid' and "licence_checks"."reminder_sent_at" is null;