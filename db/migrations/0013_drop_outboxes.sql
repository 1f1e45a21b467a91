-- The reply's link goes first: dropping mail_outbox would take its constraint with it.
ALTER TABLE "inquiry_replies" DROP CONSTRAINT "inquiry_replies_outbox_id_mail_outbox_id_fk";--> statement-breakpoint
DROP INDEX "inquiry_replies_outbox_idx";--> statement-breakpoint
ALTER TABLE "inquiry_replies" DROP COLUMN "outbox_id";--> statement-breakpoint
DROP TABLE "mail_outbox";--> statement-breakpoint
DROP TABLE "webhook_outbox";
