import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  contactSubmissions,
  inquiryEvents,
  jobs,
  kycDocuments,
  kycRequests,
  privacyErasures,
  uploads,
} from "~db/schema";
import { buildPrivacyPage } from "~/content/privacy";
import { retention } from "~/content/retention";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { monthsBefore, runRetention } from "~/lib/privacy/retention.server";
import { erasePersonalData, findPersonalData, keptAfterErasure } from "~/lib/privacy/personal-data.server";
import { uploadPath } from "~/lib/uploads/upload-files.server";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";

const NOW = new Date("2030-06-15T12:00:00Z");
const SITE = "https://site.example.test";
const DAY = 24 * 60 * 60 * 1000;

describe("the privacy notice states the KYC period from the one configuration", () => {
  it("says how long the records stay, after what, and why they outlive an erasure request", () => {
    const page = JSON.stringify(buildPrivacyPage({ ...retention, kycRecordYears: 997 }));
    expect(page).toContain("997 years after our business relationship ends");
    expect(page).toContain("Article 17(3)(e)");
    expect(page).not.toContain("which are not kept on this website: five years");
  });
});

describe.each(testBackends)("KYC records kept after their inquiry on %s", (backend) => {
  const database = useTestDatabase(backend, [
    jobs,
    inquiryEvents,
    kycDocuments,
    kycRequests,
    uploads,
    contactSubmissions,
    privacyErasures,
  ]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kyc-retention-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const dirs = { dataDir };

  /** An inquiry last active at `activeAt`, with a request answered by one document and an unanswered request. */
  async function inquiryWithKyc(email: string, activeAt: Date) {
    const [inquiry] = await database.db
      .insert(contactSubmissions)
      .values({ name: "Kwame Asante", email, message: "Gold", created_at: activeAt })
      .returning({ id: contactSubmissions.id });
    const inquiryId = inquiry!.id;
    const upload = async (scan: "clean" | "infected") => {
      const [row] = await database.db
        .insert(uploads)
        .values({
          inquiry_id: inquiryId,
          purpose: "kyc",
          file_name: "passport.pdf",
          format: "pdf",
          byte_size: 9,
          scan,
        })
        .returning({ id: uploads.id });
      const file = uploadPath(dataDir, { inquiryId, uploadId: row!.id });
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, "encrypted");
      return { uploadId: row!.id, file };
    };
    const kept = await upload("clean");
    const stray = await upload("clean");
    const [answered] = await database.db
      .insert(kycRequests)
      .values({ inquiry_id: inquiryId, checklist: "individual-buyer", requested_at: activeAt })
      .returning({ id: kycRequests.id });
    const [unanswered] = await database.db
      .insert(kycRequests)
      .values({ inquiry_id: inquiryId, checklist: "company-buyer", requested_at: activeAt })
      .returning({ id: kycRequests.id });
    await database.db.insert(kycDocuments).values({
      request_id: answered!.id,
      item: "passport",
      upload_id: kept.uploadId,
      review: "accepted",
      reviewed_at: activeAt,
    });
    return { inquiryId, kept, stray, answered: answered!.id, unanswered: unanswered!.id };
  }

  const rows = async () => ({
    inquiries: await database.db.select({ id: contactSubmissions.id }).from(contactSubmissions),
    requests: await database.db.select().from(kycRequests),
    documents: await database.db.select({ id: kycDocuments.id }).from(kycDocuments),
    uploads: await database.db.select({ id: uploads.id }).from(uploads),
  });

  it("the retention job deletes an inactive inquiry but keeps its KYC records for the period, then deletes them", async () => {
    const activeAt = new Date(monthsBefore(NOW, retention.inquiryMonths).getTime() - DAY);
    const lead = await inquiryWithKyc("kwame@example.test", activeAt);

    await runRetention(database.db, { now: NOW, siteUrl: SITE, dirs });
    const afterInquiry = await rows();
    expect(afterInquiry.inquiries).toEqual([]);
    expect(afterInquiry.requests).toMatchObject([
      {
        id: lead.answered,
        client_email: "kwame@example.test",
        client_name: "Kwame Asante",
        relationship_ended_at: activeAt,
      },
    ]);
    expect(afterInquiry.documents).toHaveLength(1);
    expect(afterInquiry.uploads).toEqual([{ id: lead.kept.uploadId }]);
    expect(fs.existsSync(lead.kept.file)).toBe(true);
    expect(fs.existsSync(lead.stray.file)).toBe(false);

    const lastDay = new Date(activeAt);
    lastDay.setUTCFullYear(lastDay.getUTCFullYear() + retention.kycRecordYears);
    await runRetention(database.db, { now: new Date(lastDay.getTime() - DAY), siteUrl: SITE, dirs });
    expect((await rows()).documents).toHaveLength(1);

    await runRetention(database.db, { now: new Date(lastDay.getTime() + DAY), siteUrl: SITE, dirs });
    const afterPeriod = await rows();
    expect(afterPeriod).toMatchObject({ requests: [], documents: [], uploads: [] });
    expect(fs.existsSync(lead.kept.file)).toBe(false);
    expect(fs.existsSync(path.dirname(lead.kept.file))).toBe(false);
  });

  it("an erasure request erases the inquiry, keeps the KYC records and answers with the basis and the date", async () => {
    const activeAt = new Date(NOW.getTime() - 10 * DAY);
    const lead = await inquiryWithKyc("Efua@Example.test", activeAt);

    expect(await keptAfterErasure(database.db, "efua@example.test")).toBeNull();
    await erasePersonalData(
      database.db,
      "efua@example.test",
      "all",
      { erasedBy: "admin", kind: "rights-request" },
      dirs,
    );
    const after = await rows();
    expect(after.inquiries).toEqual([]);
    expect(after.requests.map((row) => row.id)).toEqual([lead.answered]);
    expect(after.uploads).toEqual([{ id: lead.kept.uploadId }]);
    expect(fs.existsSync(lead.kept.file)).toBe(true);
    expect(fs.existsSync(lead.stray.file)).toBe(false);

    const until = new Date(activeAt);
    until.setUTCFullYear(until.getUTCFullYear() + retention.kycRecordYears);
    const answer = await keptAfterErasure(database.db, "EFUA@example.test");
    expect(answer).toContain(
      `${formatInquiryReference(lead.inquiryId)} until ${until.toISOString().slice(0, 10)}`,
    );
    expect(answer).toContain("regulation 40");
    expect(answer).toContain("Article 17(3)(e)");

    // What is kept is still the person's: their export lists it, and an account deletion leaves it alone.
    const found = await findPersonalData(database.db, "efua@example.test", "all", dirs);
    expect(found.parts.kycDocuments).toHaveLength(1);
    expect(found.parts.uploadedFiles).toEqual([{ file: `${lead.inquiryId}/${lead.kept.uploadId}` }]);
    const ofAccount = await findPersonalData(database.db, "efua@example.test", "account", dirs);
    expect(ofAccount.parts.kycRequests).toEqual([]);
  });
});
