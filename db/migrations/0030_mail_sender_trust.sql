ALTER TABLE "contact_submissions" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD COLUMN "sender_key" text;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD COLUMN "sender_domain" text;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD COLUMN "held_reason" text;--> statement-breakpoint
CREATE INDEX "contact_submissions_email_key_idx" ON "contact_submissions" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "inquiry_messages_sender_idx" ON "inquiry_messages" USING btree ("sender_key","created_at");--> statement-breakpoint
CREATE INDEX "inquiry_messages_sender_domain_idx" ON "inquiry_messages" USING btree ("sender_domain","created_at");--> statement-breakpoint
CREATE INDEX "sent_message_ids_acknowledgements_idx" ON "sent_message_ids" USING btree ("created_at") WHERE "sent_message_ids"."kind" = 'acknowledgement';