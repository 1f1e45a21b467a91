import { count, desc, not } from "drizzle-orm";
import { contactSubmissions } from "~db/schema";
import type { LanguageCount } from "~/forms/browser-language";
import type { Db } from "~/lib/db/db.server";

/**
 * Genuine leads by the browser's first language, most first: whether a translated site would reach anyone.
 * Spam and held inquiries do not count.
 */
export async function countLeadsByLanguage(db: Db): Promise<LanguageCount[]> {
  return db
    .select({ language: contactSubmissions.browser_language, leads: count() })
    .from(contactSubmissions)
    .where(not(contactSubmissions.is_spam))
    .groupBy(contactSubmissions.browser_language)
    .orderBy(desc(count()), contactSubmissions.browser_language);
}
