CREATE TABLE "sanctions_candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"entry_unique_id" text NOT NULL,
	"entry_hash" text NOT NULL,
	"field" text NOT NULL,
	"matched_name" text NOT NULL,
	"name_type" text NOT NULL,
	"score" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanctions_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"entry_unique_id" text NOT NULL,
	"entry_hash" text NOT NULL,
	"version_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"reason" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanctions_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"unique_id" text NOT NULL,
	"kind" text NOT NULL,
	"primary_name" text NOT NULL,
	"regime" text,
	"content_hash" text NOT NULL,
	CONSTRAINT "sanctions_entries_version_unique_id_key" UNIQUE("version_id","unique_id")
);
--> statement-breakpoint
CREATE TABLE "sanctions_entry_names" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_type" text NOT NULL,
	"match_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanctions_list_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"published_on" date NOT NULL,
	"entry_count" integer NOT NULL,
	"name_count" integer NOT NULL,
	"sha256" text NOT NULL,
	"source" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sanctions_list_versions_sha256_key" UNIQUE("sha256")
);
--> statement-breakpoint
CREATE TABLE "sanctions_screenings" (
	"inquiry_id" uuid PRIMARY KEY NOT NULL,
	"version_id" uuid NOT NULL,
	"screened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"candidate_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sanctions_candidates" ADD CONSTRAINT "sanctions_candidates_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_candidates" ADD CONSTRAINT "sanctions_candidates_version_id_sanctions_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sanctions_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_candidates" ADD CONSTRAINT "sanctions_candidates_entry_id_sanctions_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."sanctions_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_decisions" ADD CONSTRAINT "sanctions_decisions_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_decisions" ADD CONSTRAINT "sanctions_decisions_version_id_sanctions_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sanctions_list_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_decisions" ADD CONSTRAINT "sanctions_decisions_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_entries" ADD CONSTRAINT "sanctions_entries_version_id_sanctions_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sanctions_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_entry_names" ADD CONSTRAINT "sanctions_entry_names_version_id_sanctions_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sanctions_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_entry_names" ADD CONSTRAINT "sanctions_entry_names_entry_id_sanctions_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."sanctions_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_screenings" ADD CONSTRAINT "sanctions_screenings_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_screenings" ADD CONSTRAINT "sanctions_screenings_version_id_sanctions_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sanctions_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sanctions_candidates_inquiry_idx" ON "sanctions_candidates" USING btree ("inquiry_id");--> statement-breakpoint
CREATE INDEX "sanctions_candidates_entry_idx" ON "sanctions_candidates" USING btree ("entry_unique_id");--> statement-breakpoint
CREATE INDEX "sanctions_decisions_inquiry_idx" ON "sanctions_decisions" USING btree ("inquiry_id","entry_unique_id");--> statement-breakpoint
CREATE INDEX "sanctions_entry_names_match_key_idx" ON "sanctions_entry_names" USING gin ("match_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sanctions_entry_names_entry_idx" ON "sanctions_entry_names" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "sanctions_entry_names_version_idx" ON "sanctions_entry_names" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "sanctions_list_versions_current_idx" ON "sanctions_list_versions" USING btree ("published_on","imported_at");