import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  contactSubmissions,
  inquiryEvents,
  inquiryMessages,
  inquiryReplies,
  jobs,
  rateLimits,
  sanctionsCandidates,
  sanctionsDecisions,
  sanctionsEntries,
  sanctionsEntryNames,
  sanctionsListVersions,
  sanctionsScreenings,
  user,
} from "~db/schema";
import { clientMessageLimit } from "~/content/kyc-checklists";
import { parseEnv } from "~/lib/env.server";
import { receivedMailConfigFromEnv } from "~/lib/conversation/file-received-mail.server";
import { formInquiry } from "../../../tests/support/form-inquiry";
import { sendDeskReply } from "~/lib/inquiries/replies.server";
import { runDueJobs } from "~/lib/jobs/job-worker.server";
import { listClientConversation, postClientMessage } from "~/lib/kyc/client-messages.server";
import { loadInquirySanctions, recordSanctionsDecision } from "~/lib/sanctions/decisions.server";
import { importSanctionsList } from "~/lib/sanctions/list-import.server";
import { rescreenJob, screenInquiryJob } from "~/lib/sanctions/screening-jobs.server";
import { seedAdminAma } from "../../../tests/support/desk-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { TEST_ENV } from "../../../tests/support/test-context";
import { testBackends } from "../../../tests/support/test-database";

const LIST = fs.readFileSync(path.resolve("tests/fixtures/sanctions/uk-sanctions-list.xml"));

describe.each(testBackends)("the client answers from their page on %s", (backend) => {
  const database = useTestDatabase(backend, [
    jobs,
    rateLimits,
    inquiryEvents,
    inquiryMessages,
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
  const env = parseEnv({ ...TEST_ENV });
  const config = receivedMailConfigFromEnv(env);
  const arrive = async (name: string) =>
    (await formInquiry(database.db, { name, email: "Lead@Example.test" })).id;

  it("files the answer as a message on the lead, which awaits a reply again, and the page shows the conversation", async () => {
    await seedAdminAma(database.db);
    const inquiryId = await arrive("Kwame Asante");
    await sendDeskReply(database.db, {
      inquiryId,
      subject: "Hello",
      body: "Which documents do you have?",
      actorId: "ama",
    });
    const [replied] = await database.db
      .select({ lastBy: contactSubmissions.last_message_by, awaiting: contactSubmissions.awaiting_since })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, inquiryId));
    expect(replied).toMatchObject({ lastBy: "desk", awaiting: null });

    expect(
      await postClientMessage(database.db, config, { inquiryId, body: "A passport and a bank letter." }),
    ).toBe("sent");
    const [lead] = await database.db
      .select({ lastBy: contactSubmissions.last_message_by, awaiting: contactSubmissions.awaiting_since })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, inquiryId));
    expect(lead!.lastBy).toBe("lead");
    expect(lead!.awaiting).not.toBeNull();
    expect(await database.db.select().from(inquiryMessages)).toMatchObject([
      {
        inquiry_id: inquiryId,
        kind: "message",
        from_address: "lead@example.test",
        body: "A passport and a bank letter.",
      },
    ]);
    expect(await database.db.$count(inquiryEvents, eq(inquiryEvents.kind, "message-received"))).toBe(1);
    expect(
      (await listClientConversation(database.db, inquiryId)).map(({ from, body }) => ({ from, body })),
    ).toEqual([
      { from: "us", body: "Which documents do you have?" },
      { from: "you", body: "A passport and a bank letter." },
    ]);
  });

  it("refuses past the per-inquiry limit", async () => {
    const inquiryId = await arrive("Efua Mensah");
    for (let sent = 0; sent < clientMessageLimit.max; sent += 1) {
      expect(await postClientMessage(database.db, config, { inquiryId, body: `Message ${sent}` })).toBe(
        "sent",
      );
    }
    expect(await postClientMessage(database.db, config, { inquiryId, body: "One too many" })).toBe(
      "rate-limited",
    );
    expect(await database.db.$count(inquiryMessages)).toBe(clientMessageLimit.max);
  });

  it("refuses on a lead a confirmed sanctions match blocks", async () => {
    await seedAdminAma(database.db);
    await importSanctionsList(database.db, LIST, "file");
    const inquiryId = await arrive("Yevgeniy Zolotarev");
    await runDueJobs(database.db, [screenInquiryJob, rescreenJob], { database, env });
    const [candidate] = (await loadInquirySanctions(database.db, inquiryId)).candidates;
    await recordSanctionsDecision(database.db, {
      inquiryId,
      candidateId: candidate!.id,
      decision: "confirmed_match",
      reason: "Passport copy shows the listed date of birth.",
      actorId: "ama",
    });
    expect(await postClientMessage(database.db, config, { inquiryId, body: "Hello?" })).toBe("blocked");
    expect(await database.db.$count(inquiryMessages)).toBe(0);
  });
});
