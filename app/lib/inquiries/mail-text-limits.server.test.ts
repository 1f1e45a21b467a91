import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactSubmissions, inquiryMessages } from "~db/schema";
import { numberedInquiry } from "../../../tests/support/inbox-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { receivedMailLimits } from "~/content/received-mail-limits";

const INQUIRY = "eeee0000-0000-4000-8000-000000000001";

/** The trigger of migration 0031 keeps the figures of app/content/received-mail-limits.ts. */
describe.each(testBackends)("the searched mail text within its limits on %s", (backend) => {
  const database = useTestDatabase(backend);

  it("finding 2: of each body the first searchedBodyChars, of the inquiry the newest searchedMailChars", async () => {
    const { searchedBodyChars, searchedMailChars } = receivedMailLimits;
    await database.db.insert(contactSubmissions).values(numberedInquiry(1, { id: INQUIRY }));
    const bodies = Math.ceil(searchedMailChars / searchedBodyChars) + 2;
    for (let index = 0; index < bodies; index++) {
      await database.db.insert(inquiryMessages).values({
        inquiry_id: INQUIRY,
        message_key: `<limits-${index}@example.test>`,
        from_address: "lead@example.test",
        body: `m${index} ${"x".repeat(searchedBodyChars)}tail`,
        sent_at: new Date(Date.UTC(2026, 0, 1, 0, index)),
        mailbox: "deals@example.test/INBOX",
      });
    }
    const [row] = await database.db
      .select({ text: contactSubmissions.mail_text })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, INQUIRY));
    expect(row!.text).toHaveLength(searchedMailChars);
    expect(row!.text).not.toContain("tail");
    expect(
      row!.text.endsWith(`m${bodies - 1} ${"x".repeat(searchedBodyChars - `m${bodies - 1} `.length)}`),
    ).toBe(true);
    const { rows } = await database.db.execute<{ text: string }>(
      sql`select inquiry_mail_text(${INQUIRY}) as text`,
    );
    expect(rows[0]!.text).toBe(row!.text);
  });
});
