/**
 * The transactional outbox: a mail is a row written in the same transaction
 * as what it reports (an inquiry, an account), and workers deliver due rows
 * with retries and backoff; SKIP LOCKED gives each row to one worker when
 * several instances share a Postgres.
 *
 * Why no queue library: BullMQ and Bee-Queue need Redis, a second store the
 * enqueue could not share a transaction with, so an acknowledged inquiry
 * could lose its mail. pg-boss and graphile-worker keep jobs in Postgres, but
 * each installs and migrates its own schema at run time (outside the
 * committed Drizzle migrations, backups and restore tests) and relies on a
 * server with advisory locks and several connections; neither runs on the
 * embedded PGlite that is this site's default database. The delivery state
 * also belongs on the inquiry (notification sent or failed), which a job
 * table of a library would keep apart. What remains is under 200 lines.
 */
import { eq, sql } from "drizzle-orm";
import { contactSubmissions, inquiryReplies, mailOutbox } from "../../../db/schema";
import type { Db } from "../db/db.server";
import { recordEvent } from "../inbox/timeline.server";
import { logger } from "../ops/logger.server";
import { claimDueRows, planRetry } from "../ops/outbox-claim.server";
import { type PollingWorker, startPollingWorker } from "../ops/polling-worker.server";
import { type MailSender, setMailEnqueuedListener } from "./mail.server";

/** The notification to admins about a new inquiry; its delivery is recorded on the inquiry. */
export const INQUIRY_NOTIFICATION = "inquiry-notification";
/** A reply sent from the lead desk; its delivery is recorded on the reply and the timeline. */
export const INQUIRY_REPLY = "inquiry-reply";

export { MAX_ATTEMPTS, retryDelayMs } from "../ops/outbox-claim.server";

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * What the inquiry's card shows about this mail: the notification's state on
 * the inquiry, a reply's on the reply, and on the timeline the delivery and
 * the final failure (not every retry).
 */
async function recordOnInquiry(
  tx: Db,
  row: OutboxRow,
  outcome: { delivered: true } | { delivered: false; error: string; giveUp: boolean; attempts: number },
) {
  if (!row.inquiry_id) return;
  if (row.kind === INQUIRY_NOTIFICATION) {
    await tx
      .update(contactSubmissions)
      .set(
        outcome.delivered ? { notified_at: sql`now()`, notify_error: null } : { notify_error: outcome.error },
      )
      .where(eq(contactSubmissions.id, row.inquiry_id));
    if (outcome.delivered || outcome.giveUp) {
      await recordEvent(tx, {
        inquiryId: row.inquiry_id,
        kind: outcome.delivered ? "notified" : "notify-failed",
        details: outcome.delivered
          ? { recipients: row.to.length }
          : { attempts: outcome.attempts, error: outcome.error },
      });
    }
  } else if (row.kind === INQUIRY_REPLY) {
    const replies = await tx
      .update(inquiryReplies)
      .set(
        outcome.delivered
          ? { delivered_at: sql`now()`, delivery_error: null }
          : { delivery_error: outcome.error, failed_at: outcome.giveUp ? sql`now()` : null },
      )
      .where(eq(inquiryReplies.outbox_id, row.id))
      .returning({ id: inquiryReplies.id });
    if (outcome.delivered || outcome.giveUp) {
      await recordEvent(tx, {
        inquiryId: row.inquiry_id,
        kind: outcome.delivered ? "reply-delivered" : "reply-failed",
        details: {
          ...(replies[0] ? { replyId: replies[0].id } : {}),
          ...(outcome.delivered ? {} : { attempts: outcome.attempts, error: outcome.error }),
        },
      });
    }
  }
}

async function recordSuccess(db: Db, row: OutboxRow, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(mailOutbox)
      .set({ sent_at: now, locked_until: null, last_error: null, attempts: row.attempts + 1 })
      .where(eq(mailOutbox.id, row.id));
    await recordOnInquiry(tx, row, { delivered: true });
  });
}

async function recordFailure(db: Db, row: OutboxRow, error: unknown, now: Date) {
  const { attempts, message, giveUp, set } = planRetry(row.attempts, error, now);
  await db.transaction(async (tx) => {
    await tx.update(mailOutbox).set(set).where(eq(mailOutbox.id, row.id));
    await recordOnInquiry(tx, row, { delivered: false, error: message, giveUp, attempts });
  });
  logger.warn({ mailId: row.id, kind: row.kind, attempts, giveUp, err: message }, "mail delivery failed");
}

/** Delivers what is due now; returns how many messages it tried. */
export async function deliverDueMail(db: Db, sender: MailSender, now?: Date, batch = 10): Promise<number> {
  const rows = await claimDueRows(db, mailOutbox, now, batch);
  for (const row of rows) {
    try {
      await sender.send({
        to: row.to,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
      await recordSuccess(db, row, new Date());
    } catch (error) {
      await recordFailure(db, row, error, new Date());
    }
  }
  return rows.length;
}

export type MailWorker = PollingWorker;

/**
 * Delivers outbox mail in the background: at once when mail is enqueued,
 * and every `pollMs` for retries and for mail left by a previous run.
 */
export function startMailWorker(db: Db, sender: MailSender, pollMs = 5_000): MailWorker {
  const worker = startPollingWorker({
    name: "mail worker",
    pollMs,
    deliverBatch: () => deliverDueMail(db, sender),
    onStop: () => {
      setMailEnqueuedListener(undefined);
      sender.close();
    },
  });
  setMailEnqueuedListener(worker.kick);
  return worker;
}
