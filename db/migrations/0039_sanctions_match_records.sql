CREATE TABLE "sanctions_match_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"decision_id" uuid NOT NULL,
	"inquiry_reference" text NOT NULL,
	"lead_name" text NOT NULL,
	"lead_company" text,
	"lead_email" text NOT NULL,
	"entry_unique_id" text NOT NULL,
	"entry_primary_name" text NOT NULL,
	"matched_name" text NOT NULL,
	"score" real NOT NULL,
	"version_id" uuid NOT NULL,
	"screened_at" timestamp with time zone,
	"reason" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sanctions_match_records_decision_key" UNIQUE("decision_id")
);
--> statement-breakpoint
ALTER TABLE "sanctions_match_records" ADD CONSTRAINT "sanctions_match_records_version_id_sanctions_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sanctions_list_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_match_records" ADD CONSTRAINT "sanctions_match_records_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sanctions_match_records_email_idx" ON "sanctions_match_records" USING btree ("lead_email");--> statement-breakpoint
CREATE INDEX "sanctions_match_records_decided_idx" ON "sanctions_match_records" USING btree ("decided_at");