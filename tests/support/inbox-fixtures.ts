import type { contactSubmissions } from "../../db/schema";
import { type InboxFilter, InboxFilterSchema } from "~/forms/inbox";

/** The default inbox view, with what a test changes. */
export const inboxView = (overrides: Partial<InboxFilter> = {}): InboxFilter => ({
  ...InboxFilterSchema.parse({}),
  ...overrides,
});

export type NewInquiry = typeof contactSubmissions.$inferInsert;

/** A numbered inquiry, one second after the one before it. */
export function numberedInquiry(index: number, overrides: Partial<NewInquiry> = {}): NewInquiry {
  return {
    name: `Person ${index}`,
    email: `person${index}@example.test`,
    message: `Message number ${index}`,
    created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, index)),
    ...overrides,
  };
}
