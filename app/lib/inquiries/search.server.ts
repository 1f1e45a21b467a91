import { ilike, like, type SQL, sql } from "drizzle-orm";
import { contactSubmissions, inquiryMessages, inquiryReplies, phoneDigits } from "~db/schema";

/** ILIKE treats % and _ as wildcards; a search for them means the characters. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A reference (formatInquiryReference) or its start, with or without "VM-", in any case. */
const REFERENCE = /^(vm[-\s]?)?([0-9a-f]{1,8})$/i;

/** The ids a reference (or its start) covers: one range of the primary key. */
export function referenceRange(text: string): { low: string; high: string } | null {
  const match = REFERENCE.exec(text.trim());
  if (!match?.[2]) return null;
  const hex = match[2].toLowerCase();
  // Without the prefix, an ordinary word made of a-f is not taken for a reference.
  if (!match[1] && hex.length < 4) return null;
  return {
    low: `${hex.padEnd(8, "0")}-0000-0000-0000-000000000000`,
    high: `${hex.padEnd(8, "f")}-ffff-ffff-ffff-ffffffffffff`,
  };
}

/**
 * The digits of a phone number as typed, or null when the text is not one (or too short to mean one).
 * A national trunk prefix (024… for +233 24…) is left out, so it finds the number stored with its country code.
 */
export function phoneSearchDigits(text: string): string | null {
  if (!/^[\d\s+\-().]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, "").replace(/^0+/, "");
  return digits.length >= 4 ? digits : null;
}

/** What parts the bodies in `mail_text`. */
export const MAIL_TEXT_SEPARATOR = "\u0001";

/**
 * `mail_text` holds each reply and received mail lower-cased, so LIKE with the pattern lower-cased is
 * ILIKE on each body; a search holding the separator could span two bodies, so it reads the bodies.
 */
function mailBranch(text: string, pattern: string): SQL {
  if (!text.includes(MAIL_TEXT_SEPARATOR)) {
    return like(contactSubmissions.mail_text, sql`lower(${pattern})`);
  }
  return sql`${contactSubmissions.id} = any(array(select ${inquiryReplies.inquiry_id} from ${inquiryReplies} where ${ilike(inquiryReplies.body, pattern)} union all select ${inquiryMessages.inquiry_id} from ${inquiryMessages} where ${ilike(inquiryMessages.body, pattern)}))`;
}

/**
 * Inquiries matching the text, for every view, count, export and bulk action. Every branch is on
 * contact_submissions itself, so Postgres can combine their indexes or walk the page's order (decision 061).
 */
export function searchCondition(text: string): SQL {
  const pattern = likePattern(text);
  const branches: SQL[] = [
    // Stored lower-cased: LIKE with the pattern lower-cased is ILIKE, without lower-casing each row.
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
