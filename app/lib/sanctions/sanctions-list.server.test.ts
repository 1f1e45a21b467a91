import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  contactSubmissions,
  jobs,
  sanctionsCandidates,
  sanctionsEntries,
  sanctionsEntryNames,
  sanctionsListVersions,
  sanctionsScreenings,
} from "~db/schema";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { importSanctionsList } from "~/lib/sanctions/list-import.server";
import { nameKey } from "~/lib/sanctions/name-key";
import { rescreenAllInquiries, rescreenJob } from "~/lib/sanctions/screening-jobs.server";
import { findCurrentListVersion, screenInquiries } from "~/lib/sanctions/screening.server";
import { parseUkSanctionsList } from "~/lib/sanctions/uk-sanctions-list.server";
import { XmlRefused } from "~/lib/sanctions/xml-scan.server";

const FIXTURES = path.resolve("tests/fixtures/sanctions");
const LIST = fs.readFileSync(path.join(FIXTURES, "uk-sanctions-list.xml"));
const NEXT_LIST = fs.readFileSync(path.join(FIXTURES, "uk-sanctions-list-next.xml"));
const THRESHOLD = 0.7;
const bytes = (text: string) => new TextEncoder().encode(text);

describe("reading the UK Sanctions List", () => {
  it("reads the fixture: publication date, designations of every kind, aliases and non-Latin names", () => {
    const list = parseUkSanctionsList(LIST);
    expect(list.publishedOn).toBe("2026-11-02");
    expect(list.entries.map((entry) => [entry.uniqueId, entry.kind])).toEqual([
      ["RUS9901", "Individual"],
      ["RUS9902", "Entity"],
      ["GHR9903", "Individual"],
      ["AFG9904", "Entity"],
      ["RUS9905", "Ship"],
    ]);
    expect(list.entries[0]!.names).toEqual([
      { name: "YEVGENIY VIKTOROVICH ZOLOTAREV", type: "Primary Name" },
      { name: "Evgeny Viktorovich ZOLOTARYOV", type: "Primary Name Variation" },
      { name: "Zhenya the Goldsmith", type: "Alias" },
      { name: "Евгений Викторович Золотарёв", type: "Non-Latin Script" },
    ]);
  });

  it("keys names the same whatever their order, diacritics, case, punctuation and transliteration", () => {
    const key = nameKey("YEVGENIY VIKTOROVICH ZOLOTAREV");
    expect(nameKey("Zolotarev, Yevgeniy Viktorovich")).toBe(key);
    expect(nameKey("Evgenii Viktorovich Zolotarev")).toBe(key);
    expect(nameKey("Евгений Викторович Золотарев")).toBe(key);
    expect(nameKey("María-Elena Castellanos Ruíz")).toBe(nameKey("MARIA ELENA CASTELLANOS RUIZ"));
    expect(nameKey("Noor Gold House Ltd.")).toBe(nameKey("NOOR GOLD HOUSE"));
  });

  it("refuses, in one line, a file that is not the list: another root, no date, not XML", () => {
    const refusals = [
      `<?xml version="1.0"?><ArrayOfFinancialSanctionsTarget></ArrayOfFinancialSanctionsTarget>`,
      `<Designations><Designation><UniqueID>X1</UniqueID><Names><Name><Name6>A</Name6></Name></Names></Designation></Designations>`,
      `Name 6,Name 1,Group ID\nSMITH,JOHN,1`,
      ``,
    ].map((text) => {
      try {
        parseUkSanctionsList(bytes(text));
        return "accepted";
      } catch (error) {
        expect(error).toBeInstanceOf(XmlRefused);
        return (error as Error).message;
      }
    });
    expect(refusals).toEqual([
      "this is not the UK Sanctions List: its root is <ArrayOfFinancialSanctionsTarget>, not <Designations>",
      "the file has no valid <DateGenerated> (dd/mm/yyyy)",
      "the file has text outside its root element",
      "the file is empty or not XML",
    ]);
    for (const message of refusals) expect(message).not.toContain("\n");
  });

  it("refuses a truncated file", () => {
    const cut = LIST.subarray(0, Math.floor(LIST.length * 0.6));
    expect(() => parseUkSanctionsList(cut)).toThrow(/^the file is truncated: it ends inside <\w+>$/);
  });

  it("billion laughs: refuses a file that declares entities, before expanding any", () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE Designations [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<Designations><DateGenerated>02/11/2026</DateGenerated><Designation><UniqueID>&lol3;</UniqueID></Designation></Designations>`;
    expect(() => parseUkSanctionsList(bytes(laughs))).toThrow(
      "the file declares a DTD, which is refused (no entity is expanded)",
    );
    const external = `<Designations><DateGenerated>02/11/2026</DateGenerated>&xxe;</Designations>`;
    expect(() => parseUkSanctionsList(bytes(external))).toThrow("the file uses an undeclared entity &xxe;");
  });

  it("refuses nesting past the limit and a file over the size limit", () => {
    const deep = `<Designations>${"<a>".repeat(40)}${"</a>".repeat(40)}</Designations>`;
    expect(() => parseUkSanctionsList(bytes(deep))).toThrow("the file nests elements deeper than 16");
    expect(() => parseUkSanctionsList(new Uint8Array(64 * 1024 * 1024 + 1))).toThrow(
      "the file is over 64 MB",
    );
  });
});

describe.each(testBackends)("importing and screening on %s", (backend) => {
  const database = useTestDatabase(backend, [
    jobs,
    sanctionsCandidates,
    sanctionsScreenings,
    contactSubmissions,
    sanctionsEntryNames,
    sanctionsEntries,
    sanctionsListVersions,
  ]);

  const addInquiry = async (name: string, company: string | null = null) => {
    const [row] = await database.db
      .insert(contactSubmissions)
      .values({ name, company, email: "lead@example.test", message: "About gold.", submission_key: name })
      .returning({ id: contactSubmissions.id });
    return row!.id;
  };
  const candidatesOf = (inquiryId: string) =>
    database.db.select().from(sanctionsCandidates).where(eq(sanctionsCandidates.inquiry_id, inquiryId));

  it("imports the fixture as a version with its publication date and entry count, once", async () => {
    const first = await importSanctionsList(database.db, LIST, "file");
    expect(first.status).toBe("imported");
    expect(first.version).toMatchObject({ published_on: "2026-11-02", entry_count: 5, name_count: 13 });
    expect(await importSanctionsList(database.db, LIST, "file")).toMatchObject({
      status: "unchanged",
      version: { id: first.version.id },
    });
    expect(await database.db.$count(sanctionsListVersions)).toBe(1);
    expect(await database.db.$count(jobs, eq(jobs.kind, rescreenJob.kind))).toBe(1);
  });

  it("a truncated or foreign file changes nothing: the version in use stays", async () => {
    const { version } = await importSanctionsList(database.db, LIST, "file");
    await expect(importSanctionsList(database.db, LIST.subarray(0, 2000), "file")).rejects.toThrow(
      XmlRefused,
    );
    const oneEntry = `<Designations><DateGenerated>10/11/2026</DateGenerated><Designation><UniqueID>X1</UniqueID><Names><Name><Name6>A B</Name6><NameType>Primary Name</NameType></Name></Names></Designation></Designations>`;
    await expect(importSanctionsList(database.db, bytes(oneEntry), "file")).rejects.toThrow(
      "the file has 1 designations against 5 in the version in use: it looks truncated",
    );
    expect((await findCurrentListVersion(database.db))?.id).toBe(version.id);
    expect(await database.db.$count(sanctionsListVersions)).toBe(1);
  });

  it("flags a reordered name, a name with or without diacritics and an alias; not a near miss", async () => {
    const { version } = await importSanctionsList(database.db, LIST, "file");
    const reordered = await addInquiry("Zolotarev Yevgeniy");
    const transliterated = await addInquiry("Evgenii Viktorovich Zolotaryov");
    const diacritics = await addInquiry("María Elena Castellanos Ruíz");
    const alias = await addInquiry("Ama Owusu", "Noor Gold House Ltd");
    const nearMiss = await addInquiry("Maria Castro Ruiz", "Northern Gold Trading");
    const clear = await addInquiry("Kofi Mensah", "Mensah Mining");
    await screenInquiries(
      database.db,
      [reordered, transliterated, diacritics, alias, nearMiss, clear],
      version.id,
      THRESHOLD,
    );

    const [byOrder] = await candidatesOf(reordered);
    expect(byOrder).toMatchObject({ entry_unique_id: "RUS9901", field: "name" });
    expect(byOrder!.score).toBeGreaterThanOrEqual(THRESHOLD);
    expect(await candidatesOf(transliterated)).toMatchObject([{ entry_unique_id: "RUS9901", score: 1 }]);
    expect(await candidatesOf(diacritics)).toMatchObject([
      { entry_unique_id: "GHR9903", matched_name: "MARIA ELENA CASTELLANOS RUIZ", score: 1 },
    ]);
    expect(await candidatesOf(alias)).toMatchObject([
      {
        entry_unique_id: "AFG9904",
        field: "company",
        matched_name: "Noor Gold House",
        name_type: "Alias",
        score: 1,
      },
    ]);
    expect(await candidatesOf(nearMiss)).toEqual([]);
    expect(await candidatesOf(clear)).toEqual([]);
    const [screening] = await database.db
      .select()
      .from(sanctionsScreenings)
      .where(eq(sanctionsScreenings.inquiry_id, clear));
    expect(screening).toMatchObject({ version_id: version.id, candidate_count: 0 });
  });

  it("screenings of one lead at once, on arrival and by a new version, keep one candidate per entry", async () => {
    const { version } = await importSanctionsList(database.db, LIST, "file");
    const lead = await addInquiry("María Elena Castellanos Ruíz");
    await Promise.all(
      Array.from({ length: 6 }, () => screenInquiries(database.db, [lead], version.id, THRESHOLD)),
    );
    expect(await candidatesOf(lead)).toMatchObject([{ entry_unique_id: "GHR9903" }]);
  });

  it("an import leaves no names waiting in the trigram index's pending list, which every search would read whole", async () => {
    await importSanctionsList(database.db, LIST, "file");
    const { rows } = await database.db.execute<{ pages: number }>(
      sql`select gin_clean_pending_list('sanctions_entry_names_match_key_idx'::regclass)::int as pages`,
    );
    expect(rows[0]!.pages).toBe(0);
  });

  it("a new version re-screens every inquiry: a name newly listed is flagged", async () => {
    const first = await importSanctionsList(database.db, LIST, "file");
    const lead = await addInquiry("Kwabena Asante Darko");
    await rescreenAllInquiries(database.db, first.version.id, THRESHOLD);
    expect(await candidatesOf(lead)).toEqual([]);

    const next = await importSanctionsList(database.db, NEXT_LIST, "file");
    expect(next.version).toMatchObject({ published_on: "2026-11-09", entry_count: 6 });
    // Only the version in use keeps names to match against.
    expect(
      await database.db.$count(sanctionsEntryNames, eq(sanctionsEntryNames.version_id, first.version.id)),
    ).toBe(0);
    expect(await rescreenAllInquiries(database.db, next.version.id, THRESHOLD)).toBe(1);
    expect(await candidatesOf(lead)).toMatchObject([
      { entry_unique_id: "GLO9906", version_id: next.version.id, score: 1 },
    ]);
    // An older version's job finds a newer one in use and screens nothing.
    expect(await rescreenAllInquiries(database.db, first.version.id, THRESHOLD)).toBe(0);
  });
});
