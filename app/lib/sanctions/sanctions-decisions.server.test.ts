import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  clientLinks,
  contactSubmissions,
  inquiryReplies,
  kycDocuments,
  kycRequests,
  jobs,
  sanctionsCandidates,
  sanctionsDecisions,
  sanctionsEntries,
  sanctionsEntryNames,
  sanctionsListVersions,
  sanctionsMatchRecords,
  sanctionsScreenings,
  uploads,
  user,
  whatsappMessages,
} from "~db/schema";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { TEST_ENV } from "../../../tests/support/test-context";
import { webhookJobs } from "../../../tests/support/job-rows";
import { parseEnv } from "~/lib/env.server";
import { formInquiry } from "../../../tests/support/form-inquiry";
import { sendDeskReply } from "~/lib/inquiries/replies.server";
import { runDueJobs } from "~/lib/jobs/job-worker.server";
import {
  countSanctionsFigures,
  InquiryBlockedError,
  isInquiryBlocked,
  loadInquirySanctions,
  recordSanctionsDecision,
} from "~/lib/sanctions/decisions.server";
import { importSanctionsList } from "~/lib/sanctions/list-import.server";
import { rescreenJob, screenInquiryJob } from "~/lib/sanctions/screening-jobs.server";
import { enqueueWebhook } from "~/lib/webhook/webhook-job.server";
import { requestKyc, reviewKycDocument } from "~/lib/kyc/kyc-requests.server";
import { kycChecklists } from "~/content/kyc-checklists";
import { sendWhatsAppReply } from "~/lib/whatsapp/whatsapp-replies.server";
import { queueWhatsAppText, whatsAppSendJob } from "~/lib/whatsapp/outgoing.server";
import { mailJob, WITHHELD_BY_SANCTIONS } from "~/lib/mail/mail-job.server";
import type { MailSender } from "~/lib/mail/mail.server";
import { whatsAppTestEnv } from "../../../tests/support/whatsapp-meta";

const FIXTURES = path.resolve("tests/fixtures/sanctions");
const LIST = fs.readFileSync(path.join(FIXTURES, "uk-sanctions-list.xml"));
const NEXT_LIST = fs.readFileSync(path.join(FIXTURES, "uk-sanctions-list-next.xml"));

describe.each(testBackends)("sanctions decisions on %s", (backend) => {
  const database = useTestDatabase(backend, [
    sanctionsMatchRecords,
    jobs,
    whatsappMessages,
    clientLinks,
    kycDocuments,
    uploads,
    kycRequests,
    sanctionsDecisions,
    sanctionsCandidates,
    sanctionsScreenings,
    inquiryReplies,
    contactSubmissions,
    sanctionsEntryNames,
    sanctionsEntries,
    sanctionsListVersions,
    user,
  ]);
  const deps = () => ({ database, env: parseEnv({ ...TEST_ENV }) });
  /** The worker's pass over the screening kinds, as the server runs it. */
  const runScreening = () => runDueJobs(database.db, [screenInquiryJob, rescreenJob], deps());

  const admin = async () => {
    const [row] = await database.db
      .insert(user)
      .values({
        id: crypto.randomUUID(),
        name: "Abena Admin",
        email: `abena-${crypto.randomUUID()}@example.test`,
      })
      .returning({ id: user.id });
    return row!.id;
  };
  const arrive = (name: string, company: string | null = null) => formInquiry(database.db, { name, company });

  it("a name the desk reads off an accepted KYC document is screened too, and flags the lead", async () => {
    await importSanctionsList(database.db, LIST, "file");
    const { id } = await arrive("Abena Owusu", "Owusu Trading");
    await runScreening();
    expect((await loadInquirySanctions(database.db, id)).status).toBe("clear");

    const actorId = await admin();
    const requested = await requestKyc(database.db, {
      inquiryId: id,
      checklist: "individual-buyer",
      actorId,
      siteUrl: "https://site.test",
    });
    if (typeof requested === "string") throw new Error(requested);
    const offer = async () => {
      const [upload] = await database.db
        .insert(uploads)
        .values({
          inquiry_id: id,
          purpose: "kyc",
          file_name: "id.pdf",
          format: "pdf",
          byte_size: 9,
          scan: "clean",
        })
        .returning({ id: uploads.id });
      const [document] = await database.db
        .insert(kycDocuments)
        .values({ request_id: requested.requestId, item: "identity", upload_id: upload!.id })
        .returning({ id: kycDocuments.id });
      return document!.id;
    };
    // A rejected document's name is not recorded, so it is not screened.
    const rejected = await offer();
    await reviewKycDocument(database.db, {
      inquiryId: id,
      documentId: rejected,
      verdict: "rejected",
      reason: "Blurred.",
      holderName: "Castellanos Ruiz, Maria Elena",
      actorId,
    });
    await runScreening();
    expect((await loadInquirySanctions(database.db, id)).status).toBe("clear");

    // The passport accepted names someone else: diacritics left out, the order changed.
    await reviewKycDocument(database.db, {
      inquiryId: id,
      documentId: await offer(),
      verdict: "accepted",
      reason: null,
      holderName: "Maria Elena Castellanos Ruiz",
      actorId,
    });
    await runScreening();
    const sanctions = await loadInquirySanctions(database.db, id);
    expect(sanctions.status).toBe("potential-match");
    expect(sanctions.candidates).toMatchObject([{ entryUniqueId: "GHR9903", field: "kyc" }]);
  });

  it("screens a new inquiry on arrival, through the job queue, and flags a potential match", async () => {
    await importSanctionsList(database.db, LIST, "file");
    const { id } = await arrive("Castellanos Ruíz, María Elena");
    expect(await database.db.$count(jobs, eq(jobs.kind, screenInquiryJob.kind))).toBe(1);
    expect((await loadInquirySanctions(database.db, id)).status).toBe("not-screened");
    await runScreening();
    const sanctions = await loadInquirySanctions(database.db, id);
    expect(sanctions.status).toBe("potential-match");
    expect(sanctions.screening).toMatchObject({ publishedOn: "2026-11-02" });
    expect(sanctions.candidates).toMatchObject([{ entryUniqueId: "GHR9903", score: 1, decision: null }]);
    expect(await countSanctionsFigures(database.db)).toEqual({
      screened: 1,
      awaiting: 1,
      blocked: 0,
      listPublishedOn: "2026-11-02",
    });
  });

  it("a false positive holds across a re-import where the entry did not change, and is asked again where it did", async () => {
    await importSanctionsList(database.db, LIST, "file");
    const unchanged = await arrive("Ama Owusu", "Noor Gold House");
    const changed = await arrive("Maria Elena Castellanos Ruiz");
    await runScreening();
    const actorId = await admin();
    for (const inquiry of [unchanged, changed]) {
      const [candidate] = (await loadInquirySanctions(database.db, inquiry.id)).candidates;
      await recordSanctionsDecision(database.db, {
        inquiryId: inquiry.id,
        candidateId: candidate!.id,
        decision: "false_positive",
        reason: "Different date of birth and nationality.",
        actorId,
      });
      expect((await loadInquirySanctions(database.db, inquiry.id)).status).toBe("false-positive");
    }

    await importSanctionsList(database.db, NEXT_LIST, "file");
    await runScreening();
    const kept = await loadInquirySanctions(database.db, unchanged.id);
    expect(kept.status).toBe("false-positive");
    expect(kept.candidates).toMatchObject([
      {
        entryUniqueId: "AFG9904",
        entryChanged: false,
        decision: { decision: "false_positive", decidedBy: "Abena Admin", publishedOn: "2026-11-02" },
      },
    ]);
    const askedAgain = await loadInquirySanctions(database.db, changed.id);
    expect(askedAgain.status).toBe("potential-match");
    expect(askedAgain.candidates).toMatchObject([{ entryUniqueId: "GHR9903", entryChanged: true }]);
    expect(askedAgain.screening).toMatchObject({ publishedOn: "2026-11-09" });
  });

  it("a confirmed match blocks the inquiry: no reply, no webhook, whatever the list does next", async () => {
    await importSanctionsList(database.db, LIST, "file");
    const { id } = await arrive("Yevgeniy Zolotarev", "Zoloto-Sever Mining JSC");
    await runScreening();
    expect(await isInquiryBlocked(database.db, id)).toBe(false);
    const actorId = await admin();
    const sanctions = await loadInquirySanctions(database.db, id);
    expect(sanctions.candidates.map((candidate) => candidate.entryUniqueId).sort()).toEqual([
      "RUS9901",
      "RUS9902",
    ]);
    await recordSanctionsDecision(database.db, {
      inquiryId: id,
      candidateId: sanctions.candidates[0]!.id,
      decision: "confirmed_match",
      reason: "Passport copy shows the listed date of birth.",
      actorId,
    });
    expect(await isInquiryBlocked(database.db, id)).toBe(true);
    expect((await loadInquirySanctions(database.db, id)).status).toBe("blocked");
    // Its other candidate awaits nothing: the lead is blocked whatever it is.
    expect(await countSanctionsFigures(database.db)).toMatchObject({ screened: 1, awaiting: 0, blocked: 1 });

    await expect(
      sendDeskReply(database.db, { inquiryId: id, subject: "Your inquiry", body: "Dear Yevgeniy", actorId }),
    ).rejects.toThrow(InquiryBlockedError);
    expect(await database.db.$count(inquiryReplies)).toBe(0);
    const before = (await webhookJobs(database.db)).length;
    expect(
      await enqueueWebhook(database.db, {
        url: "https://hooks.example.test/desk",
        event: "inquiry.received",
        inquiry: {
          id,
          reference: "VM-TEST",
          interest: null,
          dealSize: null,
          createdAt: new Date(),
          dashboardUrl: "https://site.test/dashboard",
        },
      }),
    ).toBeNull();
    expect((await webhookJobs(database.db)).length).toBe(before);
    await expect(
      requestKyc(database.db, {
        inquiryId: id,
        checklist: kycChecklists[0]!.key,
        actorId,
        siteUrl: "https://site.test",
      }),
    ).rejects.toThrow(InquiryBlockedError);
    expect(await database.db.$count(clientLinks)).toBe(0);
    expect(await database.db.$count(kycRequests)).toBe(0);
    expect(
      await sendWhatsAppReply(database.db, { inquiryId: id, actorId, kind: "text", body: "Hello" }),
    ).toBe("blocked");
    expect(await database.db.$count(whatsappMessages)).toBe(0);

    await importSanctionsList(database.db, NEXT_LIST, "file");
    await runScreening();
    expect(await isInquiryBlocked(database.db, id)).toBe(true);
  });

  it("mail and WhatsApp queued for a lead before a confirmed match are not sent after it", async () => {
    // A Graph API on loopback that counts what reaches it: nothing may.
    let graphCalls = 0;
    const graph = http.createServer((_request, response) => {
      graphCalls++;
      response.writeHead(200, { "content-type": "application/json" }).end('{"messages":[{"id":"wamid.X"}]}');
    });
    await new Promise<void>((resolve) => graph.listen(0, "127.0.0.1", resolve));
    const { port } = graph.address() as AddressInfo;
    try {
      await importSanctionsList(database.db, LIST, "file");
      const { id } = await arrive("Yevgeniy Zolotarev");
      await runScreening();
      const actorId = await admin();
      await sendDeskReply(database.db, { inquiryId: id, subject: "Your inquiry", body: "Dear Sir", actorId });
      await queueWhatsAppText(database.db, {
        inquiryId: id,
        to: "233201234567",
        body: "Hello",
        sentBy: actorId,
      });
      const [candidate] = (await loadInquirySanctions(database.db, id)).candidates;
      await recordSanctionsDecision(database.db, {
        inquiryId: id,
        candidateId: candidate!.id,
        decision: "confirmed_match",
        reason: "Same person as the listed entry.",
        actorId,
      });

      const sent: string[][] = [];
      const env = parseEnv({ ...TEST_ENV, ...whatsAppTestEnv(`http://127.0.0.1:${port}/v23.0`) });
      const mailer: MailSender = { send: async (mail) => void sent.push(mail.to), close: () => {} };
      await runDueJobs(database.db, [mailJob, whatsAppSendJob], { database, env, mailer });
      expect(sent).toEqual([]);
      expect(graphCalls).toBe(0);
      const [reply] = await database.db.select().from(inquiryReplies);
      expect(reply).toMatchObject({ delivered_at: null, delivery_error: WITHHELD_BY_SANCTIONS });
      expect(reply!.failed_at).not.toBeNull();
      const [message] = await database.db.select().from(whatsappMessages);
      expect(message).toMatchObject({ status: "failed", wamid: null });
      expect(message!.error_title).toMatch(/confirmed UK Sanctions List match/);
    } finally {
      await new Promise((resolve) => graph.close(resolve));
    }
  });
});
