import { describe, expect, it } from "vitest";
import {
  contactSubmissions,
  inquiryEvents,
  inquiryReplies,
  jobs,
  kycDocuments,
  kycRequests,
  uploads,
} from "~db/schema";
import { loadDeskKyc } from "~/lib/kyc/desk-kyc.server";
import { kycOverview, offerKycDocument, requestKyc, reviewKycDocument } from "~/lib/kyc/kyc-requests.server";
import { insertInquiry, seedAdminAma } from "../../../tests/support/desk-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";

describe.each(testBackends)("a KYC document past its own expiry date on %s", (backend) => {
  const database = useTestDatabase(backend, [
    jobs,
    inquiryReplies,
    inquiryEvents,
    kycDocuments,
    kycRequests,
    uploads,
    contactSubmissions,
  ]);

  it("shows accepted until its expiry date, and expired from the UK day after, in the overview the desk and the client page read", async () => {
    const db = database.db;
    await seedAdminAma(db);
    const inquiryId = await insertInquiry(db, { email: "kwame@example.test" });
    expect(
      await requestKyc(db, {
        inquiryId,
        checklist: "individual-buyer",
        actorId: "ama",
        siteUrl: "http://x.test",
      }),
    ).toMatchObject({ requestId: expect.any(String) });
    const [upload] = await db
      .insert(uploads)
      .values({
        inquiry_id: inquiryId,
        purpose: "kyc",
        file_name: "passport.pdf",
        format: "pdf",
        byte_size: 9,
        scan: "clean",
      })
      .returning({ id: uploads.id });
    const item = (await kycOverview(db, inquiryId))!.items[0]!.key;
    expect(await offerKycDocument(db, { inquiryId, item, uploadId: upload!.id })).toBe(true);
    const documentId = (await kycOverview(db, inquiryId))!.items[0]!.document!.id;
    await reviewKycDocument(db, {
      inquiryId,
      documentId,
      verdict: "accepted",
      reason: null,
      validUntil: "2030-01-01",
      actorId: "ama",
    });

    const stateOn = async (now: string) =>
      (await kycOverview(db, inquiryId, new Date(now)))!.items.find((entry) => entry.key === item)!.state;
    expect(await stateOn("2030-01-01T23:30:00Z")).toBe("accepted");
    // 23:30 UTC on 1 January is still 1 January in London; 00:30 on 2 January is past it.
    expect(await stateOn("2030-01-02T00:30:00Z")).toBe("expired");

    const desk = await loadDeskKyc(db, inquiryId, new Date("2030-01-02T00:30:00Z"));
    const shown = desk.request!.items.find((entry) => entry.key === item)!;
    expect(shown).toMatchObject({ state: "expired", stateLabel: "Expired: please upload a current one" });
    expect(shown.document?.validUntil).toBe("2030-01-01");
  });
});
