/**
 * Judging what the bot traps kept out of the inbox: the spam and held
 * counts, and "Not spam", which lets an inquiry in and, the first time it is
 * taken for genuine, tells of it as the form would have on arrival.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { contactSubmissions } from "../../../db/schema";
import type { Db } from "../db/db.server";
import type { Env } from "../env.server";
import {
  type AnnounceOptions,
  announceInquiry,
  findAdminRecipients,
  formatInquiryReference,
  NO_ADMIN_RECIPIENTS,
} from "./inquiries.server";
import { recordEvent } from "./timeline.server";

export function announceOptionsFromEnv(
  env: Pick<Env, "ACK_EMAILS" | "ADMIN_EMAILS" | "SITE_URL" | "WEBHOOK_URL">,
): AnnounceOptions {
  return {
    acknowledge: env.ACK_EMAILS,
    adminEmails: env.ADMIN_EMAILS,
    siteUrl: env.SITE_URL,
    webhookUrl: env.WEBHOOK_URL,
  };
}

/**
 * Announces the released inquiries among `ids` that were never announced.
 * Call in the transaction that released them, with their rows locked: the
 * stamp on announced_at is what makes a second release (a double click, a
 * colleague at the same moment) announce nothing.
 */
export async function announceReleased(
  tx: Db,
  ids: readonly string[],
  options: AnnounceOptions,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(contactSubmissions)
    .set({ announced_at: sql`now()` })
    .where(
      and(
        inArray(contactSubmissions.id, [...ids]),
        isNull(contactSubmissions.announced_at),
        eq(contactSubmissions.is_spam, false),
      ),
    )
    .returning();
  if (rows.length === 0) return 0;
  const recipients = await findAdminRecipients(tx, options.adminEmails);
  for (const row of rows) {
    // An acknowledgement answers mail only on arrival, from a sender our mail server vouched for.
    await announceInquiry(
      tx,
      { ...row, reference: formatInquiryReference(row.id), createdAt: row.created_at },
      recipients,
      row.source === "email" ? { ...options, acknowledge: false } : options,
    );
  }
  if (recipients.length === 0) {
    await tx
      .update(contactSubmissions)
      .set({ notify_error: NO_ADMIN_RECIPIENTS })
      .where(
        inArray(
          contactSubmissions.id,
          rows.map((row) => row.id),
        ),
      );
  }
  return rows.length;
}

/**
 * "Not spam" on one held or spam inquiry: back in the inbox, and announced
 * if it never was. False when no inquiry has this id. The row lock makes a
 * concurrent second click wait, then find nothing left to release.
 */
export async function releaseInquiry(
  db: Db,
  id: string,
  adminUserId: string | null,
  options: AnnounceOptions,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ isSpam: contactSubmissions.is_spam, held: contactSubmissions.held })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id))
      .for("update");
    if (!row) return false;
    if (!row.isSpam) return true;
    await tx
      .update(contactSubmissions)
      .set({ is_spam: false, held: false })
      .where(eq(contactSubmissions.id, id));
    await recordEvent(tx, {
      inquiryId: id,
      kind: "not-spam",
      actorId: adminUserId,
      details: row.held ? { held: true } : {},
    });
    await announceReleased(tx, [id], options);
    return true;
  });
}

interface SpamCounts {
  /** Judged or trapped as spam. */
  spam: number;
  /** Held for review: only its speed looked like a bot. */
  held: number;
}

/** Both counts in one read of the spam rows (the partial index on is_spam picks them out). */
export async function countSpamAndHeld(db: Db): Promise<SpamCounts> {
  const [row] = await db
    .select({
      spam: sql<number>`(count(*) filter (where not ${contactSubmissions.held}))::int`,
      held: sql<number>`(count(*) filter (where ${contactSubmissions.held}))::int`,
    })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.is_spam, true));
  return { spam: row?.spam ?? 0, held: row?.held ?? 0 };
}
