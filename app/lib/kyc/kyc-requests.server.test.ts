import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  clientLinks,
  contactSubmissions,
  inquiryEvents,
  inquiryReplies,
  jobs,
  kycRequests,
  user,
  whatsappMessages,
} from "~db/schema";
import { openClientLink } from "~/lib/kyc/client-links.server";
import { requestKyc } from "~/lib/kyc/kyc-requests.server";
import { insertInquiry, seedAdminAma } from "../../../tests/support/desk-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";

const HOUR_MS = 3_600_000;

describe.each(testBackends)("a KYC request to a lead who writes on WhatsApp, on %s", (backend) => {
  const database = useTestDatabase(backend, [
    jobs,
    whatsappMessages,
    inquiryReplies,
    inquiryEvents,
    clientLinks,
    kycRequests,
    contactSubmissions,
    user,
  ]);

  /** A lead without an e-mail address whose last WhatsApp message came `hoursAgo` hours ago. */
  async function whatsAppLead(hoursAgo: number): Promise<string> {
    const inquiryId = await insertInquiry(database.db, { email: "", whatsapp: "+233244000111" });
    await database.db.insert(whatsappMessages).values({
      inquiry_id: inquiryId,
      wamid: `wamid.${crypto.randomUUID()}`,
      direction: "in",
      type: "text",
      body: "Can we start?",
      wa_id: "233244000111",
      sent_at: new Date(Date.now() - hoursAgo * HOUR_MS),
    });
    return inquiryId;
  }

  const request = (inquiryId: string, whatsApp: boolean) =>
    requestKyc(database.db, {
      inquiryId,
      checklist: "individual-buyer",
      actorId: "ama",
      siteUrl: "http://site.test",
      whatsApp,
    });

  it("goes by WhatsApp inside the window: the link is sent, and the desk keeps the message without it", async () => {
    await seedAdminAma(database.db);
    const inquiryId = await whatsAppLead(2);
    expect(await request(inquiryId, true)).toMatchObject({ requestId: expect.any(String) });

    const [sent] = await database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.direction, "out"));
    expect(sent).toMatchObject({ inquiry_id: inquiryId, wa_id: "233244000111", status: "queued" });
    expect(sent!.body).toContain("[the private link to your page, sent by WhatsApp]");
    expect(sent!.body).not.toContain("/client/open/");
    const [job] = await database.db.select().from(jobs).where(eq(jobs.kind, "whatsapp-send"));
    const text = (job!.payload as { text: string }).text;
    const token = /\/client\/open\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(token).toBeDefined();
    expect(await openClientLink(database.db, token!)).toBe(inquiryId);
    // No mail: the lead gave no address.
    expect(await database.db.$count(inquiryReplies)).toBe(0);
  });

  it("without an address and outside the window, or without the channel, nothing is requested", async () => {
    await seedAdminAma(database.db);
    const closed = await whatsAppLead(25);
    expect(await request(closed, true)).toBe("no-channel");
    const open = await whatsAppLead(1);
    expect(await request(open, false)).toBe("no-channel");
    expect(await database.db.$count(kycRequests)).toBe(0);
    expect(await database.db.$count(clientLinks)).toBe(0);
    expect(await database.db.$count(whatsappMessages, eq(whatsappMessages.direction, "out"))).toBe(0);
  });
});
