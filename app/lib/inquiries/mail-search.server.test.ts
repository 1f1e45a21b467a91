import { eq, ilike, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryMessages, inquiryReplies, user } from "~db/schema";
import { inboxView, numberedInquiry } from "../../../tests/support/inbox-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { erasePersonalData, exportPersonalData } from "~/lib/privacy/personal-data.server";
import { monthsBefore, runRetention } from "~/lib/privacy/retention.server";
import { retention } from "~/content/retention";
import { demoConversation, insertConversation } from "~db/seed/seed-conversation.server";
import type { Db } from "~/lib/db/db.server";
import { sendDeskReply } from "~/lib/inquiries/replies.server";
import { countInquiries, listInquiries } from "~/lib/inquiries/counts.server";
import { likePattern, MAIL_TEXT_SEPARATOR } from "~/lib/inquiries/search.server";

const ADA = "dddd0000-0000-4000-8000-000000000001";
const BEN = "dddd0000-0000-4000-8000-000000000002";
const CAL = "dddd0000-0000-4000-8000-000000000003";

const names = async (database: { db: Db }, q: string) =>
  (await listInquiries(database.db, inboxView({ q }))).items.map((item) => item.name).sort();

const message = (inquiryId: string, key: string, body: string) => ({
  inquiry_id: inquiryId,
  message_key: `<${key}@example.test>`,
  from_address: "lead@example.test",
  body,
  sent_at: new Date("2025-02-01T00:00:00Z"),
  mailbox: "deals@example.test/INBOX",
});

describe.each(testBackends)("searching the mail on %s", (backend) => {
  const database = useTestDatabase(backend);
  const search = (q: string) => names(database, q);
  const mailText = async (id: string) =>
    (
      await database.db
        .select({ text: contactSubmissions.mail_text })
        .from(contactSubmissions)
        .where(eq(contactSubmissions.id, id))
    )[0]?.text;

  beforeAll(async () => {
    await database.db
      .insert(user)
      .values({ id: "desk-admin", name: "Desk Admin", email: "desk@example.test" });
    await database.db.insert(contactSubmissions).values([
      numberedInquiry(1, {
        id: ADA,
        name: "Ada",
        email: "ada@example.test",
        created_at: new Date("2025-01-01"),
      }),
      numberedInquiry(2, {
        id: BEN,
        name: "Ben",
        email: "ben@example.test",
        created_at: new Date("2025-01-02"),
      }),
      numberedInquiry(3, {
        id: CAL,
        name: "Cal",
        email: "cal@example.test",
        created_at: new Date("2025-01-03"),
      }),
    ]);
    await database.db
      .insert(inquiryMessages)
      .values([
        message(ADA, "a1", "The Bill of Lading for MSKU 1234567 is attached."),
        message(ADA, "a2", "Shipment leaves Tema on the MV Volta Star."),
        message(BEN, "b1", "Our ÖSTERGÅRD office ends here"),
        message(BEN, "b2", "next mail starts here"),
      ]);
  });

  it("finds a message and a reply as soon as they are stored, each body lower-cased alone", async () => {
    expect((await mailText(ADA))?.split(MAIL_TEXT_SEPARATOR).sort()).toEqual([
      "shipment leaves tema on the mv volta star.",
      "the bill of lading for msku 1234567 is attached.",
    ]);
    expect(await search("bill of LADING")).toEqual(["Ada"]);
    expect(await search("östergård office")).toEqual(["Ben"]);

    await database.db.insert(inquiryMessages).values(message(CAL, "c1", "We wired the deposit to Accra."));
    expect(await search("deposit to accra")).toEqual(["Cal"]);
    const sent = await sendDeskReply(database.db, {
      inquiryId: CAL,
      subject: "Your inquiry",
      body: "Thank you: the Obuasi assay is booked.",
      actorId: "desk-admin",
    });
    expect(sent).not.toBe("not-found");
    expect(await search("OBUASI ASSAY")).toEqual(["Cal"]);
    expect(await countInquiries(database.db, inboxView({ q: "obuasi assay" }))).toBe(1);
  });

  it("follows a body edited or deleted, and leaves the row alone when nothing in the text changed", async () => {
    await database.db
      .update(inquiryMessages)
      .set({ body: "Shipment leaves Takoradi on the MV Ankobra." })
      .where(eq(inquiryMessages.message_key, "<a2@example.test>"));
    expect(await search("volta star")).toEqual([]);
    expect(await search("mv ankobra")).toEqual(["Ada"]);

    const before = await database.db.execute<{ xmin: string }>(
      sql`select xmin::text as xmin from ${contactSubmissions} where id = ${CAL}`,
    );
    await database.db
      .update(inquiryReplies)
      .set({ delivered_at: new Date() })
      .where(eq(inquiryReplies.inquiry_id, CAL));
    const after = await database.db.execute<{ xmin: string }>(
      sql`select xmin::text as xmin from ${contactSubmissions} where id = ${CAL}`,
    );
    expect(after.rows[0]?.xmin).toBe(before.rows[0]?.xmin);

    await database.db.delete(inquiryMessages).where(eq(inquiryMessages.message_key, "<a2@example.test>"));
    expect(await search("mv ankobra")).toEqual([]);
    expect(await search("bill of lading")).toEqual(["Ada"]);
  });

  it("finds what ILIKE on each body finds: nothing across two bodies, and the bodies read when the search holds the separator", async () => {
    expect(await search("ends here next mail")).toEqual([]);
    expect(await search(`ends here${MAIL_TEXT_SEPARATOR}next mail`)).toEqual([]);
    await database.db.insert(inquiryMessages).values(message(BEN, "b3", `odd${MAIL_TEXT_SEPARATOR}bytes`));
    expect(await search(`ODD${MAIL_TEXT_SEPARATOR}BYTES`)).toEqual(["Ben"]);

    // Every body's words, and pieces of them, give the leads ILIKE on the bodies gives.
    const bodies = [
      ...(await database.db.select({ body: inquiryMessages.body }).from(inquiryMessages)),
      ...(await database.db.select({ body: inquiryReplies.body }).from(inquiryReplies)),
    ].map((row) => row.body);
    const searches = new Set(
      bodies.flatMap((body) => body.split(/\s+/).flatMap((word) => [word, word.slice(1, 4)])),
    );
    for (const q of [...searches].filter((text) => text.trim().length > 0)) {
      const pattern = likePattern(q);
      const byBodies = await database.db
        .selectDistinct({ id: inquiryMessages.inquiry_id })
        .from(inquiryMessages)
        .where(ilike(inquiryMessages.body, pattern))
        .union(
          database.db
            .selectDistinct({ id: inquiryReplies.inquiry_id })
            .from(inquiryReplies)
            .where(ilike(inquiryReplies.body, pattern)),
        );
      const byRow = await database.db
        .select({ id: contactSubmissions.id })
        .from(contactSubmissions)
        .where(sql`${contactSubmissions.mail_text} like lower(${pattern})`);
      expect(byRow.map((row) => row.id).sort(), q).toEqual(byBodies.map((row) => row.id).sort());
    }
  });

  it("leaves the copy out of an export, and erasure and retention take it with the inquiry", async () => {
    const exported = await exportPersonalData(database.db, "ada@example.test", "all");
    expect(JSON.stringify(exported)).not.toContain("mail_text");
    expect(JSON.stringify(exported)).toContain("The Bill of Lading");

    await erasePersonalData(database.db, "ada@example.test", "all", {
      erasedBy: "test",
      kind: "rights-request",
    });
    expect(await mailText(ADA)).toBeUndefined();
    expect(await search("bill of lading")).toEqual([]);

    await database.db
      .update(contactSubmissions)
      .set({
        created_at: monthsBefore(new Date("2030-06-15"), retention.inquiryMonths + 1),
        last_action_at: null,
      })
      .where(inArray(contactSubmissions.id, [BEN, CAL]));
    await runRetention(database.db, { now: new Date("2030-06-15"), siteUrl: "https://site.example.test" });
    const left = await database.db
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(sql`${contactSubmissions.mail_text} <> ''`);
    expect(left).toEqual([]);
    expect(await search("deposit to accra")).toEqual([]);
  });
});

describe.each(testBackends)("the benchmarks' seeding on %s", (backend) => {
  const database = useTestDatabase(backend);

  it("writes each inquiry's mail text once, as the triggers would, and leaves them on", async () => {
    const rows = await database.db
      .insert(contactSubmissions)
      .values([1, 2, 3].map((n) => numberedInquiry(n, { first_replied_at: new Date("2025-01-02") })))
      .returning({
        id: contactSubmissions.id,
        name: contactSubmissions.name,
        email: contactSubmissions.email,
      });
    const seeded = rows.map((row) => ({
      ...row,
      createdAt: new Date("2025-01-01"),
      firstRepliedAt: new Date("2025-01-02"),
      isSpam: false,
    }));
    await insertConversation(database.db, demoConversation({ inquiries: seeded, messages: 30 }));
    const { rows: differing } = await database.db.execute(
      sql`select id from ${contactSubmissions} where mail_text is distinct from inquiry_mail_text(id)`,
    );
    expect(differing).toEqual([]);
    const { rows: filled } = await database.db.execute(
      sql`select id from ${contactSubmissions} where mail_text <> ''`,
    );
    expect(filled).toHaveLength(3);

    await database.db
      .insert(inquiryMessages)
      .values(message(rows[0]!.id, "after", "Filed after the seeding."));
    expect(await names(database, "filed after the seeding")).toEqual(["Person 1"]);
  });
});
