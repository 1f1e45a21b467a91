ALTER TABLE "kyc_requests" DROP CONSTRAINT "kyc_requests_inquiry_id_contact_submissions_id_fk";
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_inquiry_id_contact_submissions_id_fk";
--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD COLUMN "client_email" text;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD COLUMN "client_name" text;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD COLUMN "relationship_ended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "kyc_requests_kept_idx" ON "kyc_requests" USING btree ("relationship_ended_at") WHERE "kyc_requests"."relationship_ended_at" is not null;