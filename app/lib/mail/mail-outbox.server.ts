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
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { contactSubmissions, mailOutbox } from "../../../db/schema";
import type { Db } from "../db/db.server";
import { logger } from "../ops/logger.server";
import { type MailSender, setMailEnqueuedListener } from "./mail.server";

/** The notification to admins about a new inquiry; its delivery is recorded on the inquiry. */
export const INQUIRY_NOTIFICATION = "inquiry-notification";

export const MAX_ATTEMPTS = 8;
/** A claimed message is someone's for this long; then another worker may retry it. */
const CLAIM_MS = 120_000;

/** 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * `now` defaults to the database's clock, which also stamped the mail when it
 * was enqueued: a JavaScript Date (milliseconds) taken in the same instant
 * could fall just before a microsecond timestamp and miss a due message.
 */
async function claimDueMail(db: Db, now: Date | undefined, limit: number): Promise<OutboxRow[]> {
  const cutoff = now ?? sql`now()`;
  const claimedUntil = now
    ? new Date(now.getTime() + CLAIM_MS)
    : sql`now() + make_interval(secs => ${CLAIM_MS / 1000})`;
  // Select, then mark, in one transaction: several instances may run workers
  // on one Postgres, and SKIP LOCKED gives each due row to exactly one.
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sent_at),
          isNull(mailOutbox.failed_at),
          lte(mailOutbox.next_attempt_at, cutoff),
          or(isNull(mailOutbox.locked_until), lte(mailOutbox.locked_until, cutoff)),
        ),
      )
      .orderBy(asc(mailOutbox.next_attempt_at))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ locked_until: claimedUntil })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

async function recordSuccess(db: Db, row: OutboxRow, now: Date) {
  await db
    .update(mailOutbox)
    .set({ sent_at: now, locked_until: null, last_error: null, attempts: row.attempts + 1 })
    .where(eq(mailOutbox.id, row.id));
  if (row.kind === INQUIRY_NOTIFICATION && row.inquiry_id) {
    await db
      .update(contactSubmissions)
      .set({ notified_at: now, notify_error: null })
      .where(eq(contactSubmissions.id, row.inquiry_id));
  }
}

async function recordFailure(db: Db, row: OutboxRow, error: unknown, now: Date) {
  const attempts = row.attempts + 1;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const giveUp = attempts >= MAX_ATTEMPTS;
  await db
    .update(mailOutbox)
    .set({
      attempts,
      last_error: message,
      locked_until: null,
      next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)),
      failed_at: giveUp ? now : null,
    })
    .where(eq(mailOutbox.id, row.id));
  if (row.kind === INQUIRY_NOTIFICATION && row.inquiry_id) {
    await db
      .update(contactSubmissions)
      .set({ notify_error: message })
      .where(eq(contactSubmissions.id, row.inquiry_id));
  }
  logger.warn({ mailId: row.id, kind: row.kind, attempts, giveUp, err: message }, "mail delivery failed");
}

/** Delivers what is due now; returns how many messages it tried. */
export async function deliverDueMail(db: Db, sender: MailSender, now?: Date, batch = 10): Promise<number> {
  const rows = await claimDueMail(db, now, batch);
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

export interface MailWorker {
  /** Look for due mail now (e.g. right after a request enqueued some). */
  kick(): void;
  /** Finishes the delivery in progress, then stops. */
  stop(): Promise<void>;
}

/**
 * Delivers outbox mail in the background: at once when mail is enqueued,
 * and every `pollMs` for retries and for mail left by a previous run.
 */
export function startMailWorker(db: Db, sender: MailSender, pollMs = 5_000): MailWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const run = async () => {
    while (!stopped && (await deliverDueMail(db, sender)) > 0) {
      // keep going while there is a backlog
    }
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch((error: unknown) => logger.error({ err: error }, "mail worker error"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };

  const timer = setInterval(kick, pollMs);
  timer.unref();
  setMailEnqueuedListener(kick);
  kick();

  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      setMailEnqueuedListener(undefined);
      await running;
      sender.close();
    },
  };
}
