CREATE TABLE "account_activity" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"inactivity_warned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "privacy_erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erased_by" text NOT NULL,
	"kind" text NOT NULL,
	"row_counts" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "privacy_notice_version" text;--> statement-breakpoint
ALTER TABLE "account_activity" ADD CONSTRAINT "account_activity_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_erasures_erased_at_idx" ON "privacy_erasures" USING btree ("erased_at" DESC NULLS LAST);