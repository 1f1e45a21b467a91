import { and, desc, eq, like, or, sql } from "drizzle-orm";
import { contactSubmissions, phoneDigits, whatsappMessages } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { e164Digits, nationalDigits } from "~/lib/whatsapp/phone-number.server";

/** Who wrote: the number (E.164 digits) when WhatsApp shows it, and the business-scoped user id. */
export interface WhatsAppSender {
  waId: string | null;
  userId: string | null;
}

/** The inquiry a sender's message belongs to, or none, with the others the number matched when it could not decide. */
export interface SenderMatch {
  inquiryId: string | null;
  possibleInquiryIds: string[];
}

/** Most form inquiries compared by number; more than a handful already means no single person to match. */
const MAX_CANDIDATES = 20;

/** Where this sender wrote on WhatsApp before: that conversation goes on, whatever else the number matches. */
async function earlierConversation(tx: Db, sender: WhatsAppSender): Promise<string | null> {
  const conditions = [
    sender.waId ? eq(whatsappMessages.wa_id, sender.waId) : undefined,
    sender.userId ? eq(whatsappMessages.user_id, sender.userId) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return null;
  const [row] = await tx
    .select({ inquiryId: whatsappMessages.inquiry_id })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.direction, "in"), or(...conditions)))
    .orderBy(desc(whatsappMessages.created_at))
    .limit(1);
  return row?.inquiryId ?? null;
}

/** Genuine inquiries whose phone or WhatsApp number is this one, however it was typed. */
async function inquiriesWithNumber(tx: Db, waId: string): Promise<string[]> {
  // The trigram index narrows by the digits every spelling contains; the phone library decides.
  const rows = await tx
    .select({
      id: contactSubmissions.id,
      phone: contactSubmissions.phone,
      whatsapp: contactSubmissions.whatsapp,
    })
    .from(contactSubmissions)
    .where(
      and(
        like(phoneDigits(contactSubmissions), `%${nationalDigits(waId)}%`),
        sql`not ${contactSubmissions.is_spam}`,
      ),
    )
    .orderBy(desc(contactSubmissions.created_at))
    .limit(MAX_CANDIDATES + 1);
  return rows
    .filter((row) => e164Digits(row.phone) === waId || e164Digits(row.whatsapp) === waId)
    .map((row) => row.id);
}

/**
 * One inquiry per person: the sender's earlier WhatsApp conversation, else
 * the one inquiry whose number is theirs. Two or more such inquiries are
 * never merged on a guess: the message starts its own, which lists them.
 */
export async function matchSender(tx: Db, sender: WhatsAppSender): Promise<SenderMatch> {
  const earlier = await earlierConversation(tx, sender);
  if (earlier) return { inquiryId: earlier, possibleInquiryIds: [] };
  if (!sender.waId) return { inquiryId: null, possibleInquiryIds: [] };
  const matches = await inquiriesWithNumber(tx, sender.waId);
  if (matches.length === 1) return { inquiryId: matches[0]!, possibleInquiryIds: [] };
  return { inquiryId: null, possibleInquiryIds: matches.slice(0, MAX_CANDIDATES) };
}
