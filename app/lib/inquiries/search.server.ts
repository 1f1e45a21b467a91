/**
 * The inbox search: what customers quote (the reference, a phone number)
 * and any text the desk holds about an inquiry (its fields, the notes, the
 * replies sent, the messages received). Each kind of match is a query one
 * index answers; their union of ids is the condition, so Postgres never
 * reads every row (an OR across tables would make it).
 */
import { ilike, like, type SQL, sql } from "drizzle-orm";
import { contactSubmissions, inquiryMessages, inquiryReplies, phoneDigits } from "~db/schema";

/** ILIKE treats % and _ as wildcards; a search for them means the characters. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A reference (formatInquiryReference: "VM-" and the first 8 hex digits of
 * the id, upper case) as typed: with or without "VM-" (or "VM " or "VM"), in
 * any case, whole or its start. Without the prefix, at least 4 digits, so
 * an ordinary word made of a-f is not taken for one by itself.
 */
const REFERENCE = /^(vm[-\s]?)?([0-9a-f]{1,8})$/i;

/** The ids a reference (or its start) covers: one range of the primary key. */
export function referenceRange(text: string): { low: string; high: string } | null {
  const match = REFERENCE.exec(text.trim());
  if (!match?.[2]) return null;
  const hex = match[2].toLowerCase();
  if (!match[1] && hex.length < 4) return null;
  // The reference is the id's first 8 hex digits: the part before its first dash.
  return {
    low: `${hex.padEnd(8, "0")}-0000-0000-0000-000000000000`,
    high: `${hex.padEnd(8, "f")}-ffff-ffff-ffff-ffffffffffff`,
  };
}

/** Characters people put in phone numbers besides digits. */
const PHONE = /^[\d\s+\-().]+$/;
/** Fewer digits than this match too many numbers to mean one. */
const MIN_PHONE_DIGITS = 4;

/**
 * The digits of a phone number as typed, or null when the text is not one.
 * Leading zeros (a national trunk prefix: 024… for +233 24…) are left out,
 * so a number quoted in its national form finds one stored with its
 * country code.
 */
export function phoneSearchDigits(text: string): string | null {
  if (!PHONE.test(text)) return null;
  const digits = text.replace(/\D/g, "").replace(/^0+/, "");
  return digits.length >= MIN_PHONE_DIGITS ? digits : null;
}

/**
 * What parts the bodies in `mail_text` (migration 0026). A search holding it
 * could match across two bodies there, so such a search reads the bodies.
 */
export const MAIL_TEXT_SEPARATOR = "\u0001";

/**
 * The inquiries whose replies or received mail hold the text. `mail_text`
 * holds each body lower-cased, so LIKE with the pattern lower-cased is ILIKE
 * on each body; a search that could span two bodies reads the bodies.
 */
function mailBranch(text: string, pattern: string): SQL {
  if (!text.includes(MAIL_TEXT_SEPARATOR)) {
    return like(contactSubmissions.mail_text, sql`lower(${pattern})`);
  }
  return sql`${contactSubmissions.id} = any(array(select ${inquiryReplies.inquiry_id} from ${inquiryReplies} where ${ilike(inquiryReplies.body, pattern)} union all select ${inquiryMessages.inquiry_id} from ${inquiryMessages} where ${ilike(inquiryMessages.body, pattern)}))`;
}

/**
 * Inquiries matching the text; the one condition every view, count, export
 * and bulk action uses. Every branch is on contact_submissions itself, so
 * Postgres can either combine their indexes (BitmapOr: a rare text) or walk
 * the page's order and test each row until the page is full (a common one).
 * The mail is matched in the row's copy of it (decision 061) rather than by
 * collecting the ids of the matching mails first, for the page and again for
 * the total.
 */
export function searchCondition(text: string): SQL {
  const pattern = likePattern(text);
  const branches: SQL[] = [
    // Name, company, e-mail, message and notes, stored lower-cased: LIKE with the pattern
    // lower-cased by the same lower() is ILIKE, without lower-casing each candidate row.
    like(contactSubmissions.search_text, sql`lower(${pattern})`),
  ];
  const digits = phoneSearchDigits(text);
  if (digits) branches.push(like(phoneDigits(contactSubmissions), `%${digits}%`));
  const reference = referenceRange(text);
  if (reference) {
    branches.push(sql`${contactSubmissions.id} between ${reference.low}::uuid and ${reference.high}::uuid`);
  }
  branches.push(mailBranch(text, pattern));
  return sql`(${sql.join(branches, sql` or `)})`;
}
