import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryMessages, inquiryReplies } from "~db/schema";
import { inboxView, numberedInquiry } from "../../../tests/support/inbox-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { countInquiries, listInquiries } from "~/lib/inquiries/counts.server";
import { phoneSearchDigits, referenceRange, searchCondition } from "~/lib/inquiries/search.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";

const QUOTED = "1e90216d-5a3b-4c2d-8e1f-0a1b2c3d4e5f";
const NEIGHBOUR = "1e90216e-0000-4000-8000-000000000000";

describe("what a search text is taken for", () => {
  it("takes a reference with or without VM-, in any case, and not a short word", () => {
    expect(referenceRange("VM-1E90216D")).toEqual({
      low: "1e90216d-0000-0000-0000-000000000000",
      high: "1e90216d-ffff-ffff-ffff-ffffffffffff",
    });
    expect(referenceRange("vm-1e90216d")).toEqual(referenceRange("1E90216D"));
    expect(referenceRange(" VM 1e90 ")?.low).toBe("1e900000-0000-0000-0000-000000000000");
    expect(referenceRange("VM-1")?.high).toBe("1fffffff-ffff-ffff-ffff-ffffffffffff");
    expect(referenceRange("bad")).toBeNull();
    expect(referenceRange("1E90216D0")).toBeNull();
    expect(referenceRange("Kwame")).toBeNull();
  });

  it("takes a phone number by its digits, ignoring spaces, +, dashes and brackets", () => {
    expect(phoneSearchDigits("+44 (20) 7946-0000")).toBe("442079460000");
    expect(phoneSearchDigits("024 123 4567")).toBe("241234567");
    expect(phoneSearchDigits("2441")).toBe("2441");
    expect(phoneSearchDigits("0244")).toBeNull();
    expect(phoneSearchDigits("call 0244 123")).toBeNull();
  });
});

describe.each(testBackends)("inbox search on %s", (backend) => {
  const database = useTestDatabase(backend);
  beforeAll(async () => {
    await database.db.insert(contactSubmissions).values([
      numberedInquiry(1, { id: QUOTED, name: "Quoted Reference" }),
      numberedInquiry(2, { id: NEIGHBOUR, name: "Next Door" }),
      numberedInquiry(3, {
        name: "Phone Person",
        phone: "+44 (20) 7946-0000",
        whatsapp: "+233 24 123 4567",
      }),
      numberedInquiry(4, {
        name: "Noted Person",
        admin_notes: "Call back on Thursday about the Obuasi lot",
      }),
      numberedInquiry(5, { id: "aaaa0000-0000-4000-8000-000000000005", name: "Replied To" }),
      numberedInquiry(6, { id: "bbbb0000-0000-4000-8000-000000000006", name: "Wrote Back" }),
      numberedInquiry(7, { name: "Held Person", phone: "020 7946 0000", is_spam: true, held: true }),
    ]);
    await database.db.insert(inquiryReplies).values({
      inquiry_id: "aaaa0000-0000-4000-8000-000000000005",
      to: "person5@example.test",
      subject: "Your inquiry",
      body: "Please send the assay certificate from Tarkwa.",
    });
    await database.db.insert(inquiryMessages).values({
      inquiry_id: "bbbb0000-0000-4000-8000-000000000006",
      message_key: "<m1@example.test>",
      from_address: "person6@example.test",
      body: "Our refinery in Kumasi can take 40 kg a month.",
      sent_at: new Date("2025-02-01T00:00:00Z"),
      mailbox: "deals@example.test/INBOX",
    });
  });

  const names = async (q: string, status: "all" | "held" = "all") =>
    (await listInquiries(database.db, inboxView({ q, status }))).items.map((item) => item.name).sort();

  it.each([
    ["VM-1E90216D", ["Quoted Reference"]],
    ["vm-1e90216d", ["Quoted Reference"]],
    ["1E90216D", ["Quoted Reference"]],
    ["1e90216d", ["Quoted Reference"]],
    ["VM 1e90216d", ["Quoted Reference"]],
    // The start of a reference finds every inquiry it begins.
    ["VM-1E9021", ["Next Door", "Quoted Reference"]],
  ])("finds the reference %s", async (q, expected) => {
    expect(await names(q)).toEqual(expected);
  });

  it("finds the reference formatInquiryReference gives, whatever the id", async () => {
    const [row] = await database.db
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(sql`${contactSubmissions.name} = 'Noted Person'`);
    expect(await names(formatInquiryReference(row!.id))).toEqual(["Noted Person"]);
  });

  it.each([
    ["+44 20 7946 0000", ["Phone Person"]],
    ["442079460000", ["Phone Person"]],
    ["(20) 7946-0000", ["Phone Person"]],
    ["+233 24 123 4567", ["Phone Person"]],
    // The national form finds the number stored with its country code.
    ["024-123-4567", ["Phone Person"]],
    ["24 123 4567", ["Phone Person"]],
    // The phone's digits and the WhatsApp number's are not one string.
    ["60000233", []],
  ])("finds the phone or WhatsApp number %s by its digits", async (q, expected) => {
    expect(await names(q)).toEqual(expected);
  });

  it("finds text in the notes, the replies sent and the messages received, in any case", async () => {
    expect(await names("obuasi")).toEqual(["Noted Person"]);
    expect(await names("ASSAY CERTIFICATE")).toEqual(["Replied To"]);
    expect(await names("refinery in kumasi")).toEqual(["Wrote Back"]);
    expect(await names("Tarkwa")).toEqual(["Replied To"]);
    expect(await names("nowhere at all")).toEqual([]);
  });

  it("keeps to the view: a held inquiry is found in the held view only, and counted", async () => {
    expect(await names("7946 0000")).toEqual(["Phone Person"]);
    expect(await names("7946 0000", "held")).toEqual(["Held Person"]);
    expect(await countInquiries(database.db, inboxView({ q: "7946 0000" }))).toBe(1);
  });

  it("matches the stored lower-cased text as ILIKE would: any case beyond ASCII, % and _ as themselves, notes as edited", async () => {
    const [row] = await database.db
      .insert(contactSubmissions)
      .values(
        numberedInquiry(8, {
          id: "cccc0000-0000-4000-8000-000000000008",
          name: "Jürgen Östergård",
          company: "ÉTAIN & Söhne",
          message: "Rates at 100% of LBMA_fix, please.",
        }),
      )
      .returning({ searchText: contactSubmissions.search_text });
    expect(row?.searchText).toContain("jürgen östergård étain & söhne");
    for (const q of ["JÜRGEN ÖSTERGÅRD", "étain & SÖHNE", "100% of lbma_FIX"]) {
      expect(await names(q)).toEqual(["Jürgen Östergård"]);
    }
    // The wildcards mean themselves: as wildcards, both would match.
    expect(await names("Rates at 1%")).toEqual([]);
    expect(await names("LBM__FIX")).toEqual([]);
    // The database keeps the text in step with every change.
    await database.db
      .update(contactSubmissions)
      .set({ admin_notes: "Wants the ÅLESUND shipment" })
      .where(sql`${contactSubmissions.id} = 'cccc0000-0000-4000-8000-000000000008'`);
    expect(await names("ålesund")).toEqual(["Jürgen Östergård"]);
    await database.db
      .update(contactSubmissions)
      .set({ admin_notes: null })
      .where(sql`${contactSubmissions.id} = 'cccc0000-0000-4000-8000-000000000008'`);
    expect(await names("ålesund")).toEqual([]);
  });

  it("answers each kind of match from an index", async () => {
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<{ "QUERY PLAN": string }>(
        sql`explain select id from ${contactSubmissions} where ${searchCondition("VM-1E90216D")}
          or ${searchCondition("+44 20 7946 0000")}`,
      );
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    for (const index of [
      "contact_submissions_search_idx",
      "contact_submissions_phone_digits_idx",
      "contact_submissions_pkey",
      "contact_submissions_mail_search_idx",
    ]) {
      expect(plan).toContain(index);
    }
  });
});
