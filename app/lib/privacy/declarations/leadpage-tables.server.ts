import { eq, inArray } from "drizzle-orm";
import { contactSubmissions, inquiryNotesVersions } from "~db/schema";
import type { TableDeclaration } from "~/lib/privacy/declarations/types";

/**
 * The notes' earlier texts: what the desk wrote about the lead, exported,
 * erased and expired with the inquiry. An erased admin stays out of them
 * as an author, as on the timeline.
 */
export const inquiryNotesVersionsDeclaration: TableDeclaration = {
  table: inquiryNotesVersions,
  personal: true,
  exportAs: "notesHistory",
  label: "Earlier versions of the notes",
  async find(db, subject) {
    if (subject.inquiryIds.length === 0) return [];
    return db
      .select({
        inquiryId: inquiryNotesVersions.inquiry_id,
        notes: inquiryNotesVersions.notes,
        createdAt: inquiryNotesVersions.created_at,
      })
      .from(inquiryNotesVersions)
      .where(inArray(inquiryNotesVersions.inquiry_id, subject.inquiryIds))
      .orderBy(inquiryNotesVersions.created_at);
  },
  async erase(tx, subject) {
    let count = 0;
    if (subject.inquiryIds.length > 0) {
      count += (
        await tx
          .delete(inquiryNotesVersions)
          .where(inArray(inquiryNotesVersions.inquiry_id, subject.inquiryIds))
          .returning({ id: inquiryNotesVersions.id })
      ).length;
    }
    if (subject.userId) {
      count += (
        await tx
          .update(inquiryNotesVersions)
          .set({ author_id: null })
          .where(eq(inquiryNotesVersions.author_id, subject.userId))
          .returning({ id: inquiryNotesVersions.id })
      ).length;
    }
    return count;
  },
  retention: { kind: "with-parent", parent: contactSubmissions, periods: ["inquiryMonths", "spamDays"] },
};
