import { beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, user } from "~db/schema";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { InboxFilterSchema } from "~/forms/inbox";
import { CSV_BOM, csvCell, INQUIRY_CSV_HEADER, streamInquiriesCsv } from "~/lib/inquiries/csv.server";

describe("CSV cells", () => {
  it("neutralises formulas and quotes separators, quotes and line breaks", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell("+44 20 7946 0000")).toBe("'+44 20 7946 0000");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe('"\'\t=1"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
  });
});

describe("finding 10: CSV injection after a separator", () => {
  it.each([
    'Gold;=HYPERLINK("http://evil")',
    "Gold\t=cmd|' /C calc'!A0",
    "Gold|=1+1",
    "Gold; +44 20",
    "Gold;@SUM(A1)",
    "Gold|-2+3",
  ])("a cell holding %j is quoted and cannot start a formula in any column", (value) => {
    const cell = csvCell(value);
    // Quoted, so no spreadsheet splits it at ; TAB or |, and prefixed, so
    // none sees a formula at its start either.
    expect(cell.startsWith(`"'`)).toBe(true);
    expect(cell.endsWith('"')).toBe(true);
    expect(cell.slice(2, -1).replaceAll('""', '"')).toBe(value);
  });

  it("leaves ordinary separators alone", () => {
    expect(csvCell("Accra; Kumasi")).toBe("Accra; Kumasi");
    expect(csvCell("A|B")).toBe("A|B");
  });
});

describe.each(testBackends)("CSV export on %s", (backend) => {
  const database = useTestDatabase(backend);
  beforeAll(async () => {
    await database.db.insert(contactSubmissions).values([
      {
        name: "=cmd|' /C calc'!A0",
        email: "a@example.test",
        message: "Über großes Gold — ₵",
        interest: "gold-buying",
        deal_size: "confidential",
        created_at: new Date("2025-01-02T00:00:00Z"),
      },
      { name: "Spammer", email: "s@example.test", message: "buy now", is_spam: true },
    ]);
  });

  it("writes UTF-8 with a BOM, a header, labels, and only the rows of the view", async () => {
    const filter = InboxFilterSchema.parse({});
    const bytes = new Uint8Array(await new Response(streamInquiriesCsv(database.db, filter)).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(INQUIRY_CSV_HEADER.join(","));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("'=cmd|' /C calc'!A0");
    expect(lines[1]).toContain("Über großes Gold — ₵");
    expect(lines[1]).toContain("Gold Buying,Prefer to discuss");
    expect(text).not.toContain("Spammer");
  });

  it('carries the lead status, lost reason, owner and first reply, and exports the viewer\'s own leads for "mine"', async () => {
    await database.db.insert(user).values({ id: "ama", name: "Ama Admin", email: "ama@example.test" });
    await database.db.insert(contactSubmissions).values({
      id: "1e90216d-0000-4000-8000-000000000001",
      name: "Owned Lead",
      email: "owned@example.test",
      message: "m",
      status: "closed_lost",
      lost_reason: "Went elsewhere",
      assigned_to: "ama",
      created_at: new Date("2030-01-01T07:30:00Z"),
      first_replied_at: new Date("2030-01-01T10:00:00Z"),
    });
    const csv = async (params: Record<string, string>, viewerId?: string) =>
      new TextDecoder().decode(
        new Uint8Array(
          await new Response(
            streamInquiriesCsv(database.db, InboxFilterSchema.parse(params), viewerId),
          ).arrayBuffer(),
        ),
      );
    const mine = (await csv({ owner: "mine" }, "ama")).trimEnd().split("\r\n");
    expect(mine).toHaveLength(2);
    expect(mine[1]).toContain("Owned Lead");
    // Lead status, lost reason, owner, first reply; then the reference and the hours it waited.
    expect(
      mine[1]!.endsWith("Closed – lost,Went elsewhere,Ama Admin,2030-01-01T10:00:00.000Z,VM-1E90216D,2.5"),
    ).toBe(true);
    expect((await csv({ owner: "mine" })).trimEnd().split("\r\n")).toHaveLength(1);
    expect(await csv({ lead: "closed_lost" }, "ama")).toContain("Owned Lead");
    expect(await csv({ lead: "new" }, "ama")).not.toContain("Owned Lead");
    // Found by the reference customers quote, and exported with it.
    expect(await csv({ q: "vm-1e90216d" }, "ama")).toContain("VM-1E90216D");
  });

  it("marks a held inquiry in the spam column of the held view, and leaves an unanswered reply time empty", async () => {
    await database.db.insert(contactSubmissions).values({
      name: "Quick Typist",
      email: "quick@example.test",
      message: "=1+1",
      is_spam: true,
      held: true,
    });
    const text = new TextDecoder().decode(
      new Uint8Array(
        await new Response(
          streamInquiriesCsv(database.db, InboxFilterSchema.parse({ status: "held" })),
        ).arrayBuffer(),
      ),
    );
    const [, row] = text.trimEnd().split("\r\n");
    expect(row).toContain("Quick Typist");
    expect(row).toContain(",'=1+1,");
    expect(row).toContain(",Held for review,");
    expect(row).toMatch(/,VM-[0-9A-F]{8},$/);
  });
});
