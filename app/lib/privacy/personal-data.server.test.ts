import { beforeEach, describe, expect, it } from "vitest";
import {
  accountActivity,
  contactSubmissions,
  jobs,
  passkey,
  privacyErasures,
  rateLimits,
  session,
  user,
  userRoles,
} from "~db/schema";
import { mailJobs, webhookJobs } from "../../../tests/support/job-rows";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { recordSignIn } from "~/lib/auth/account-activity.server";
import { sendDeskReply } from "~/lib/inquiries/replies.server";
import { takeInquiry } from "~/lib/inquiries/inquiry-actions.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { enqueueWebhook } from "~/lib/webhook/webhook-job.server";
import { countPersonalData, erasePersonalData, findPersonalData } from "~/lib/privacy/personal-data.server";

describe.each(testBackends)("personal data of one email address on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, rateLimits, privacyErasures, user]);

  beforeEach(async () => {
    const { db } = database;
    const [inquiry] = await db
      .insert(contactSubmissions)
      .values([
        { name: "Sara Subject", email: "Sara@Example.test", message: "Secret plans" },
        { name: "Other Person", email: "other@example.test", message: "Unrelated" },
      ])
      .returning();
    await enqueueMail(db, {
      kind: "inquiry-notification",
      to: ["admin@example.test"],
      subject: "New inquiry",
      text: "Secret plans",
      html: "h",
      inquiryId: inquiry!.id,
    });
    await enqueueMail(db, {
      kind: "auth-verify-email",
      to: "sara@example.test",
      subject: "Verify",
      text: "t",
      html: "h",
    });
    await enqueueMail(db, { kind: "test", to: "other@example.test", subject: "Other", text: "t", html: "h" });
    // The lead desk: an admin took the inquiry and replied; a webhook announced it.
    await db.insert(user).values({ id: "ama", name: "Ama Admin", email: "ama@example.test" });
    await db.insert(userRoles).values({ user_id: "ama", role: "admin" });
    expect(await takeInquiry(db, { inquiryId: inquiry!.id, actorId: "ama", siteUrl: "https://s.test" })).toBe(
      "changed",
    );
    await sendDeskReply(db, {
      inquiryId: inquiry!.id,
      subject: "Your plans",
      body: "About your secret plans",
      actorId: "ama",
    });
    await enqueueWebhook(db, {
      url: "https://hooks.example.test/x",
      event: "inquiry.received",
      inquiry: {
        id: inquiry!.id,
        reference: "VM-1",
        interest: null,
        dealSize: null,
        createdAt: new Date(),
        dashboardUrl: "https://s.test/dashboard",
      },
    });
    await db.insert(user).values({ id: "sara", name: "Sara Subject", email: "sara@example.test" });
    await db.insert(userRoles).values({ user_id: "sara", role: "admin" });
    await recordSignIn(db, "sara");
    await db.insert(session).values({
      id: "s1",
      token: "secret-session-token",
      userId: "sara",
      expiresAt: new Date(Date.now() + 60_000),
      ipAddress: "203.0.113.7",
      userAgent: "Subject Browser",
    });
    await db.insert(passkey).values({
      id: "pk1",
      name: "Sara's phone",
      publicKey: "c2FyYS1wdWJsaWMta2V5",
      userId: "sara",
      credentialID: "sara-credential",
      counter: 3,
      deviceType: "multiDevice",
      backedUp: true,
      transports: "internal,hybrid",
    });
    const window = { window_start: new Date(), count: 1, expires_at: new Date(Date.now() + 60_000) };
    await db.insert(rateLimits).values([
      { key: "auth:sign-in:email:sara@example.test", ...window },
      { key: "auth:sign-in:email:other@example.test", ...window },
    ]);
  });

  it("finds everything held about the address, whatever its case, and no secret", async () => {
    const data = await findPersonalData(database.db, "  SARA@example.TEST ");
    expect(countPersonalData(data)).toMatchObject({
      inquiries: 1,
      replies: 1,
      inquiryHistory: 3,
      account: 1,
      roles: 1,
      accountActivity: 1,
      sessions: 1,
      passkeys: 1,
      // Notification, verification and the desk reply.
      mail: 3,
      rateLimitCounters: 1,
      passwordResetTokens: 0,
    });
    const { parts } = data;
    expect(parts.account).toEqual([expect.objectContaining({ name: "Sara Subject" })]);
    expect(parts.roles).toEqual([expect.objectContaining({ role: "admin" })]);
    expect(parts.replies).toEqual([
      expect.objectContaining({
        to: "Sara@Example.test",
        subject: expect.stringMatching(/^Your plans \[VM-[0-9A-F]{8}\]$/),
        body: "About your secret plans",
      }),
    ]);
    expect(parts.inquiryHistory!.map((entry) => entry.kind)).toEqual([
      "assigned",
      "reply-sent",
      "status-changed",
    ]);
    expect(parts.accountActivity![0]!.lastSignInAt).toBeInstanceOf(Date);
    expect(parts.sessions![0]).toMatchObject({ ipAddress: "203.0.113.7", userAgent: "Subject Browser" });
    expect(parts.passkeys).toEqual([
      {
        name: "Sara's phone",
        createdAt: expect.any(Date),
        credentialId: "sara-credential",
        publicKey: "c2FyYS1wdWJsaWMta2V5",
        deviceType: "multiDevice",
        backedUp: true,
        transports: "internal,hybrid",
        authenticatorModel: null,
      },
    ]);
    const json = JSON.stringify(data);
    expect(json).not.toContain("secret-session-token");
    expect(json).not.toContain("Unrelated");
    expect(json).not.toContain("other@example.test");
  });

  it("erases it all in one go and records counts only", async () => {
    const counts = await erasePersonalData(database.db, "sara@example.test", "all", {
      erasedBy: "admin-1",
      kind: "rights-request",
    });
    expect(counts).toMatchObject({
      contact_submissions: 1,
      inquiry_replies: 1,
      inquiry_events: 3,
      // Three mails to or about her (one a reply) and the webhook call about her inquiry.
      jobs: 4,
      rate_limits: 1,
      user: 1,
      session: 1,
      passkey: 1,
      user_roles: 1,
      account_activity: 1,
    });
    const left = countPersonalData(await findPersonalData(database.db, "sara@example.test"));
    expect(Object.values(left).every((count) => count === 0)).toBe(true);
    // The other person's data is untouched.
    expect(countPersonalData(await findPersonalData(database.db, "other@example.test"))).toMatchObject({
      inquiries: 1,
      mail: 1,
      rateLimitCounters: 1,
    });
    const records = await database.db.select().from(privacyErasures);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ erased_by: "admin-1", kind: "rights-request", row_counts: counts });
    expect(JSON.stringify(records)).not.toMatch(/sara|Secret/i);
    expect(await database.db.select().from(accountActivity)).toHaveLength(0);
    expect(await webhookJobs(database.db)).toHaveLength(0);
    expect((await mailJobs(database.db)).map((mail) => mail.to)).toEqual([["other@example.test"]]);
  });

  it("deleting the account keeps the inquiries and the mail about them", async () => {
    const counts = await erasePersonalData(database.db, "sara@example.test", "account", {
      erasedBy: "self",
      kind: "account-deletion",
    });
    expect(counts).toMatchObject({ contact_submissions: 0, jobs: 1, user: 1, passkey: 1 });
    expect(await database.db.select().from(passkey)).toHaveLength(0);
    expect(countPersonalData(await findPersonalData(database.db, "sara@example.test"))).toMatchObject({
      inquiries: 1,
      replies: 1,
      account: 0,
      mail: 2,
    });
  });
});
