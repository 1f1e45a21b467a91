import { setImmediate } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { mailboxCursors } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { removingWrittenFilesOnFailure } from "~/lib/conversation/attachment-files.server";

interface CursorPosition {
  uidValidity: number | null;
  lastUid: number;
}

/** Where fetching `mailbox` got to; nothing taken yet when it has no row. */
export async function readCursor(db: Db, mailbox: string): Promise<CursorPosition> {
  const [row] = await db
    .select({ uidValidity: mailboxCursors.uid_validity, lastUid: mailboxCursors.last_uid })
    .from(mailboxCursors)
    .where(eq(mailboxCursors.mailbox, mailbox));
  return row ?? { uidValidity: null, lastUid: 0 };
}

/**
 * The UID after which messages are new. Under another UIDVALIDITY the remembered UIDs name other messages: start
 * again from the beginning, and the filer's de-duplication makes the messages seen before no-ops.
 */
export function uidsTakenUpTo(cursor: CursorPosition, uidValidity: number): number {
  return cursor.uidValidity === uidValidity ? cursor.lastUid : 0;
}

/** "taken": another fetcher took it first; "stale": the cursor went back (a UIDVALIDITY change), list again. */
export type FilingOutcome = "filed" | "taken" | "stale";

/**
 * Files one message and advances the cursor in one transaction with the cursor row locked, so fetchers on several
 * instances take each message once. A cursor now behind `listedAfter` means the caller's listing may miss
 * messages. Attachment files the filing wrote are removed again if it rolls back.
 */
export async function fileUnderCursor(
  db: Db,
  target: { mailbox: string; uidValidity: number; uid: number; listedAfter: number },
  file: (tx: Db) => Promise<void>,
): Promise<FilingOutcome> {
  return removingWrittenFilesOnFailure(() =>
    db.transaction(async (tx) => {
      await tx.insert(mailboxCursors).values({ mailbox: target.mailbox }).onConflictDoNothing();
      const [row] = await tx
        .select({ uidValidity: mailboxCursors.uid_validity, lastUid: mailboxCursors.last_uid })
        .from(mailboxCursors)
        .where(eq(mailboxCursors.mailbox, target.mailbox))
        .for("update");
      const takenUpTo = uidsTakenUpTo(row ?? { uidValidity: null, lastUid: 0 }, target.uidValidity);
      if (takenUpTo < target.listedAfter) return "stale";
      if (target.uid <= takenUpTo) return "taken";
      // The embedded database runs a query without giving way to timers: the filing takes turns
      // of the event loop between its steps, so the server answers while it runs.
      await setImmediate();
      await file(tx);
      await setImmediate();
      await tx
        .update(mailboxCursors)
        .set({ uid_validity: target.uidValidity, last_uid: target.uid, last_fetched_at: sql`now()` })
        .where(eq(mailboxCursors.mailbox, target.mailbox));
      return "filed";
    }),
  );
}

/** A fetch that found the folder and everything new in it filed. */
export async function recordFetched(db: Db, mailbox: string): Promise<void> {
  await db
    .insert(mailboxCursors)
    .values({ mailbox, last_fetched_at: sql`now()` })
    .onConflictDoUpdate({
      target: mailboxCursors.mailbox,
      set: { last_fetched_at: sql`now()`, last_error: null, last_error_at: null },
    });
}

/** Why the last attempt failed, for whoever reads the table; the cursor is unchanged. */
export async function recordFetchError(db: Db, mailbox: string, error: string): Promise<void> {
  await db
    .insert(mailboxCursors)
    .values({ mailbox, last_error: error, last_error_at: sql`now()` })
    .onConflictDoUpdate({
      target: mailboxCursors.mailbox,
      set: { last_error: error, last_error_at: sql`now()` },
    });
}
