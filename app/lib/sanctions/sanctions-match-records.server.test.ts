import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  contactSubmissions,
  jobs,
  privacyErasures,
  sanctionsCandidates,
  sanctionsDecisions,
  sanctionsEntries,
  sanctionsEntryNames,
  sanctionsListVersions,
  sanctionsMatchRecords,
  sanctionsScreenings,
  user,
} from "~db/schema";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { retention } from "~/content/retention";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { erasePersonalData, findPersonalData } from "~/lib/privacy/personal-data.server";
import { runRetention } from "~/lib/privacy/retention.server";
import { loadInquirySanctions, recordSanctionsDecision } from "~/lib/sanctions/decisions.server";
import { importSanctionsList } from "~/lib/sanctions/list-import.server";
import { screenInquiries } from "~/lib/sanctions/screening.server";

const LIST = fs.readFileSync(path.resolve("tests/fixtures/sanctions/uk-sanctions-list.xml"));

describe.each(testBackends)("a confirmed match kept apart from its inquiry on %s", (backend) => {
  const database = useTestDatabase(backend, [
    jobs,
    privacyErasures,
    sanctionsMatchRecords,
    sanctionsDecisions,
    sanctionsCandidates,
    sanctionsScreenings,
    contactSubmissions,
    sanctionsEntryNames,
    sanctionsEntries,
    sanctionsListVersions,
    user,
  ]);

  it("outlives the erasure of the inquiry, is exported, and goes after the period the law requires", async () => {
    const { version } = await importSanctionsList(database.db, LIST, "file");
    const [inquiry] = await database.db
      .insert(contactSubmissions)
      .values({ name: "Yevgeniy Zolotarev", email: "Lead@Example.test", message: "Gold." })
      .returning({ id: contactSubmissions.id });
    await screenInquiries(database.db, [inquiry!.id], version.id, 0.7);
    const actorId = crypto.randomUUID();
    await database.db.insert(user).values({ id: actorId, name: "Abena Admin", email: "abena@example.test" });
    const [candidate] = (await loadInquirySanctions(database.db, inquiry!.id)).candidates;
    await recordSanctionsDecision(database.db, {
      inquiryId: inquiry!.id,
      candidateId: candidate!.id,
      decision: "confirmed_match",
      reason: "Passport copy shows the listed date of birth.",
      actorId,
    });

    await erasePersonalData(database.db, "lead@example.test", "all", {
      erasedBy: "admin-1",
      kind: "rights-request",
    });
    expect(await database.db.$count(contactSubmissions)).toBe(0);
    expect(await database.db.$count(sanctionsDecisions)).toBe(0);
    const [kept] = await database.db.select().from(sanctionsMatchRecords);
    expect(kept).toMatchObject({
      inquiry_reference: formatInquiryReference(inquiry!.id),
      lead_name: "Yevgeniy Zolotarev",
      lead_email: "lead@example.test",
      entry_unique_id: candidate!.entryUniqueId,
      matched_name: candidate!.matchedName,
      version_id: version.id,
      reason: "Passport copy shows the listed date of birth.",
      decided_by: actorId,
    });
    expect(kept!.screened_at).not.toBeNull();
    const found = await findPersonalData(database.db, "lead@example.test");
    expect(found.parts.sanctionsConfirmedMatches).toMatchObject([{ name: "Yevgeniy Zolotarev" }]);

    const decidedAt = kept!.decided_at;
    const within = new Date(decidedAt);
    within.setUTCFullYear(within.getUTCFullYear() + retention.sanctionsMatchYears);
    await runRetention(database.db, { now: within, siteUrl: "https://site.test" });
    expect(await database.db.$count(sanctionsMatchRecords)).toBe(1);
    await runRetention(database.db, {
      now: new Date(within.getTime() + 86_400_000),
      siteUrl: "https://site.test",
    });
    expect(await database.db.$count(sanctionsMatchRecords)).toBe(0);
  });
});
