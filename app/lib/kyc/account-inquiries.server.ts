import { and, desc, eq, sql } from "drizzle-orm";
import { contactSubmissions, user } from "~db/schema";
import { isInquiryStatus, type InquiryStatus } from "~/content/inquiry-desk";
import type { Db } from "~/lib/db/db.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";

/** Where the deal stands, in the client's words. */
const PLAIN_STATUS: Record<InquiryStatus, string> = {
  new: "We have your inquiry and will answer soon.",
  contacted: "We have answered you and are working on your inquiry.",
  qualified: "We are preparing the introduction.",
  closed_won: "Your inquiry is complete.",
  closed_lost: "This inquiry is closed.",
};

export function plainInquiryStatus(status: string): string {
  return isInquiryStatus(status) ? PLAIN_STATUS[status] : PLAIN_STATUS.new;
}

/**
 * The account's address as the database holds it now, only once verified: whoever signs up with someone else's
 * address must not see that person's inquiries before proving they receive its mail.
 */
async function verifiedAddressOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: user.email, verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  return row?.verified ? row.email.trim().toLowerCase() : null;
}

/**
 * Exactly the same address, case aside: no folding of dots or "+tags", which would hand one mailbox's inquiries
 * to another. Spam is left out: its plain status ("we will answer soon") would not be true.
 */
const sameAddress = (address: string) =>
  and(sql`lower(trim(${contactSubmissions.email})) = ${address}`, eq(contactSubmissions.is_spam, false));

/** The inquiries sent from the account's verified address, newest first; none for an unverified one. */
export async function listAccountInquiries(db: Db, userId: string) {
  const address = await verifiedAddressOf(db, userId);
  if (!address) return [];
  const rows = await db
    .select({
      id: contactSubmissions.id,
      status: contactSubmissions.status,
      createdAt: contactSubmissions.created_at,
    })
    .from(contactSubmissions)
    .where(sameAddress(address))
    .orderBy(desc(contactSubmissions.created_at))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    reference: formatInquiryReference(row.id),
    status: plainInquiryStatus(row.status),
    sentAt: row.createdAt.toISOString(),
  }));
}

/** Whether the account's verified address sent this inquiry: what lets the account open its client page. */
export async function accountOpensInquiry(db: Db, userId: string, inquiryId: string): Promise<boolean> {
  const address = await verifiedAddressOf(db, userId);
  if (!address) return false;
  const [row] = await db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(and(eq(contactSubmissions.id, inquiryId), sameAddress(address)));
  return row !== undefined;
}
