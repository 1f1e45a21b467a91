import { desc } from "drizzle-orm";
import { mailNotFiled } from "~db/schema";
import { stripSingleLineControls } from "~/forms/single-line";
import type { Db } from "~/lib/db/db.server";
import { fileUnderCursor, type FilingOutcome } from "~/lib/conversation/mailbox-cursor.server";

/** A reason as stored and shown: one line, bounded, with no query parameters (they hold the mail's data). */
export function reasonText(reason: string): string {
  return stripSingleLineControls(reason.replace(/\s*params:[\s\S]*$/, ""))
    .trim()
    .slice(0, 300);
}

/**
 * Sets one message aside instead of filing it: recorded as not filed (its
 * mailbox, UID, size and why, never its content) and the cursor advanced
 * past it in one transaction, so the messages behind it are filed.
 */
export async function setAsideUnderCursor(
  db: Db,
  target: { mailbox: string; uidValidity: number; uid: number; listedAfter: number },
  record: { size: number | null; reason: string },
): Promise<FilingOutcome> {
  return fileUnderCursor(db, target, async (tx) => {
    await tx
      .insert(mailNotFiled)
      .values({
        mailbox: target.mailbox,
        uid_validity: target.uidValidity,
        uid: target.uid,
        size: record.size,
        reason: reasonText(record.reason),
      })
      .onConflictDoNothing();
  });
}

interface NotFiledMessage {
  mailbox: string;
  uidValidity: number;
  uid: number;
  size: number | null;
  reason: string;
  at: Date;
}

/** The messages set aside, newest first, for the admins' desk. */
export async function listNotFiled(db: Db, limit = 50): Promise<NotFiledMessage[]> {
  return db
    .select({
      mailbox: mailNotFiled.mailbox,
      uidValidity: mailNotFiled.uid_validity,
      uid: mailNotFiled.uid,
      size: mailNotFiled.size,
      reason: mailNotFiled.reason,
      at: mailNotFiled.created_at,
    })
    .from(mailNotFiled)
    .orderBy(desc(mailNotFiled.created_at), desc(mailNotFiled.uid))
    .limit(limit);
}
