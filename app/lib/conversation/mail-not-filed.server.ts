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

/** Records a message as not filed (never its content) and advances the cursor past it in one transaction. */
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

/** The messages set aside, newest first, for the admins' desk. */
export async function listNotFiled(db: Db, limit = 50) {
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
