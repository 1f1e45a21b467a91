import { asc, eq, sql } from "drizzle-orm";
import { countLeadsByLanguage } from "~/lib/reports/leads-by-language.server";
import { describe, expect, it } from "vitest";
import { contactSubmissions, jobs, rateLimits, user, userRoles } from "~db/schema";
import { mailJobs } from "../../tests/support/job-rows";
import { createTestContext, createTestServices } from "../../tests/support/test-context";
import { useTestDatabase } from "../../tests/support/suite-database";
import { createTestDatabase, type TestDatabase, testBackends } from "../../tests/support/test-database";
import {
  CONTACT_FORM_PURPOSE,
  type ContactActionData,
  type ContactConfig,
  handleContactSubmission,
  RATE_LIMIT_MESSAGE,
} from "~/routes/contact.server";
import { PRIVACY_NOTICE_VERSION } from "~/content/privacy";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, issueFormToken } from "~/lib/http/form-guard.server";
import {
  ACKNOWLEDGEMENT_LIMIT,
  INQUIRY_ACKNOWLEDGEMENT,
  NO_ADMIN_RECIPIENTS,
} from "~/lib/inquiries/intake.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { INQUIRY_NOTIFICATION } from "~/lib/mail/mail-job.server";

const SECRET = "contact-form-test-secret-0123456789abcdef";

const baseConfig: ContactConfig = {
  rateLimit: null,
  acknowledge: true,
  adminEmails: ["owner@example.test"],
  siteUrl: "https://site.example.test",
  secret: SECRET,
  minFillMs: 3_000,
  replyFrom: "no-reply@site.example.test",
};

/** A token from a page rendered `ageMs` ago. */
function tokenAged(ageMs: number): string {
  return issueFormToken(SECRET, CONTACT_FORM_PURPOSE, Date.now() - ageMs);
}

const validFields = {
  name: "  Ama Mensah  ",
  company: "Mensah Mining Ltd",
  email: "ama@example.test",
  phone: "+44 (20) 7946-0000",
  whatsapp: "+233 24 123 4567",
  interest: "gold-selling",
  deal_size: "1m-5m",
  message: "We have 20 kg of doré to sell.\nPlease advise on KYC.",
};

interface Outcome {
  status: number;
  location: string | null;
  setCookie: string | null;
  headers: Headers;
  data: ContactActionData | null;
}

async function submit(
  database: TestDatabase,
  fields: Record<string, string>,
  {
    config = baseConfig,
    clientIp = "203.0.113.5",
    token = tokenAged(10_000),
    headers = {} as Record<string, string>,
  } = {},
): Promise<Outcome> {
  const body = new URLSearchParams(fields);
  if (token !== "") body.set(FORM_TOKEN_FIELD, token);
  const request = new Request("http://localhost/contact", { method: "POST", body, headers });
  const context = createTestContext(createTestServices(database), clientIp);
  const result = await handleContactSubmission(context, request, config);
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get("location"),
      setCookie: result.headers.get("set-cookie"),
      headers: result.headers,
      data: null,
    };
  }
  return {
    status: result.init?.status ?? 200,
    location: null,
    setCookie: null,
    headers: new Headers(result.init?.headers),
    data: result.data,
  };
}

describe.each(testBackends)("the contact form's action on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, rateLimits, userRoles, user]);

  const countInquiries = async () => (await database.db.select().from(contactSubmissions)).length;

  it("stores a valid inquiry, queues both mails in its transaction and redirects with the success toast", async () => {
    await database.db.insert(user).values([
      { id: "u1", name: "Admin One", email: "Admin1@Example.test" },
      { id: "u2", name: "Not Admin", email: "user@example.test" },
      { id: "u3", name: "Owner", email: "owner@example.test" },
    ]);
    await database.db.insert(userRoles).values([
      { user_id: "u1", role: "admin" },
      { user_id: "u3", role: "admin" },
    ]);

    const outcome = await submit(database, validFields);
    expect(outcome.status).toBe(303);
    // The fragment takes the reader, and keyboard focus, to the confirmation.
    expect(outcome.location).toBe("/contact#inquiry-sent");
    // Read back as the next page reads it: the cookie is signed.
    const { toastCookie } = createTestServices(database);
    const toast = (await toastCookie.parse(outcome.setCookie!.split(";")[0]!)) as Record<string, string>;
    const [row, ...others] = await database.db.select().from(contactSubmissions);
    expect(toast).toEqual({
      title: "Message Sent Successfully",
      description: "Thank you for your inquiry. We'll respond within 24 hours.",
      variant: "default",
      // The confirmation names the stored inquiry.
      reference: formatInquiryReference(row!.id),
    });
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      name: "Ama Mensah",
      company: "Mensah Mining Ltd",
      email: "ama@example.test",
      phone: "+44 (20) 7946-0000",
      whatsapp: "+233 24 123 4567",
      interest: "gold-selling",
      deal_size: "1m-5m",
      message: "We have 20 kg of doré to sell.\nPlease advise on KYC.",
      is_spam: false,
      read_at: null,
      notify_error: null,
      // Which privacy notice the visitor was shown.
      privacy_notice_version: PRIVACY_NOTICE_VERSION,
    });

    const mails = (await mailJobs(database.db)).sort((a, b) => a.purpose.localeCompare(b.purpose));
    expect(mails.map((mail) => mail.purpose)).toEqual([INQUIRY_ACKNOWLEDGEMENT, INQUIRY_NOTIFICATION]);
    const [ack, notification] = mails;
    expect(notification?.to).toEqual(["admin1@example.test", "owner@example.test"]);
    expect(notification?.replyTo).toBe("ama@example.test");
    expect(notification?.inquiry_id).toBe(row?.id);
    expect(notification?.subject).toContain("Ama Mensah");
    expect(notification?.text).toContain("https://site.example.test/dashboard");
    expect(ack?.to).toEqual(["ama@example.test"]);
    expect(ack?.text).toContain("within 24 hours");
    expect(ack?.text).toContain(`VM-${row!.id.replace(/-/g, "").slice(0, 8).toUpperCase()}`);
  });

  it("stores a resent submission once, answers it as sent, and queues its mail once", async () => {
    const token = tokenAged(10_000);
    // A retry after a lost response, and two copies racing each other.
    expect((await submit(database, validFields, { token })).status).toBe(303);
    const again = await Promise.all([
      submit(database, validFields, { token }),
      submit(database, validFields, { token }),
    ]);
    expect(again.map((outcome) => outcome.status)).toEqual([303, 303]);
    expect(await countInquiries()).toBe(1);
    expect(await mailJobs(database.db)).toHaveLength(2);

    // The same words from another rendering of the form are a new inquiry.
    expect((await submit(database, validFields, { token: tokenAged(20_000) })).status).toBe(303);
    // So is a changed message resent from the same page.
    const edited = { ...validFields, message: `${validFields.message}\nAlso 5 kg of nuggets.` };
    expect((await submit(database, edited, { token })).status).toBe(303);
    expect(await countInquiries()).toBe(3);
  });

  it("finding 13: a form token is bound to one submission; its resend is still answered as sent", async () => {
    const token = tokenAged(10_000);
    const first = await submit(database, validFields, { token });
    expect(first.status).toBe(303);
    // The same submission again (a retry): answered as sent, stored once (decision 006).
    expect((await submit(database, validFields, { token })).status).toBe(303);
    // Other inquiries with the same token: kept for review, but spam, and mail no one.
    for (let i = 1; i <= 3; i++) {
      const reuse = await submit(
        database,
        { ...validFields, message: `Buy cheap gold, offer ${i}` },
        { token },
      );
      expect(reuse.status).toBe(303);
    }
    const rows = await database.db
      .select({ message: contactSubmissions.message, isSpam: contactSubmissions.is_spam })
      .from(contactSubmissions)
      .orderBy(asc(contactSubmissions.created_at));
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => !row.isSpam)).toEqual([{ message: validFields.message, isSpam: false }]);
    const mails = await mailJobs(database.db);
    expect(mails.filter((mail) => mail.purpose === INQUIRY_NOTIFICATION)).toHaveLength(1);
    expect(mails.filter((mail) => mail.purpose === INQUIRY_ACKNOWLEDGEMENT)).toHaveLength(1);
  });

  it("finding 13: acknowledgement mails are limited per recipient, not only per IP", async () => {
    const victim = "victim@example.test";
    // Fresh tokens and a new IP each time: the per-IP limit never applies.
    for (let i = 1; i <= 6; i++) {
      const outcome = await submit(
        database,
        { ...validFields, email: i % 2 ? victim : "VICTIM@example.test", message: `Inquiry ${i}` },
        { clientIp: `198.51.100.${i}`, config: { ...baseConfig, rateLimit: { max: 1, windowMs: 60_000 } } },
      );
      expect(outcome.status).toBe(303);
    }
    const mails = await mailJobs(database.db);
    const acknowledgements = mails.filter((mail) => mail.purpose === INQUIRY_ACKNOWLEDGEMENT);
    expect(acknowledgements).toHaveLength(ACKNOWLEDGEMENT_LIMIT.max);
    // Every inquiry is still stored and reaches the admins.
    expect(await countInquiries()).toBe(6);
    expect(mails.filter((mail) => mail.purpose === INQUIRY_NOTIFICATION)).toHaveLength(6);
  });

  it("stores empty optional fields as NULL", async () => {
    const outcome = await submit(database, {
      ...validFields,
      company: "  ",
      phone: "",
      whatsapp: "",
      deal_size: "",
    });
    expect(outcome.status).toBe(303);
    const [row] = await database.db.select().from(contactSubmissions);
    expect(row).toMatchObject({ company: null, phone: null, whatsapp: null, deal_size: null });
  });

  it("keeps the WhatsApp agreement only when the box is ticked and a WhatsApp number is given", async () => {
    const cases = [
      [{ email: "ticked@example.test", whatsapp_opt_in: "yes" }, true],
      [{ email: "unticked@example.test" }, false],
      [{ email: "nonumber@example.test", whatsapp: "", whatsapp_opt_in: "yes" }, false],
    ] as const;
    for (const [fields, agreed] of cases) {
      expect((await submit(database, { ...validFields, ...fields })).status).toBe(303);
      const [row] = await database.db
        .select({ at: contactSubmissions.whatsapp_opt_in_at })
        .from(contactSubmissions)
        .where(eq(contactSubmissions.email, fields.email));
      expect(row!.at !== null).toBe(agreed);
    }
  });

  it("stores the browser's first language from Accept-Language, and counts genuine leads by it", async () => {
    await submit(database, validFields, { headers: { "accept-language": "fr-CI,fr;q=0.9,en;q=0.8" } });
    await submit(
      database,
      { ...validFields, email: "kofi@example.test" },
      { headers: { "accept-language": "en-GB,en;q=0.9" }, clientIp: "203.0.113.6" },
    );
    await submit(
      database,
      { ...validFields, email: "yaw@example.test" },
      { headers: { "accept-language": "<script>alert(1)</script>" }, clientIp: "203.0.113.7" },
    );
    const rows = await database.db
      .select({ email: contactSubmissions.email, language: contactSubmissions.browser_language })
      .from(contactSubmissions);
    expect(rows).toEqual(
      expect.arrayContaining([
        { email: "ama@example.test", language: "fr" },
        { email: "kofi@example.test", language: "en" },
        { email: "yaw@example.test", language: null },
      ]),
    );
    expect(await countLeadsByLanguage(database.db)).toEqual([
      { language: "en", leads: 1 },
      { language: "fr", leads: 1 },
      { language: null, leads: 1 },
    ]);
  });

  it("stores where the visit began from the hidden fields, dropping a tampered value rather than the inquiry", async () => {
    const outcome = await submit(database, {
      ...validFields,
      landing_page: "/services/gold-intermediary?email=ama@example.test",
      referrer_host: "www.google.com",
      utm_source: "newsletter",
      utm_medium: "x".repeat(101),
      utm_campaign: "autumn",
    });
    expect(outcome.status).toBe(303);
    const [row] = await database.db.select().from(contactSubmissions);
    expect(row).toMatchObject({
      landing_page: "/services/gold-intermediary",
      referrer_host: "www.google.com",
      utm_source: "newsletter",
      utm_medium: null,
      utm_campaign: "autumn",
    });
  });

  const invalidCases: [string, Record<string, string>][] = [
    ["name", { name: "   " }],
    ["name", { name: "x".repeat(121) }],
    ["company", { company: "x".repeat(161) }],
    ["email", { email: "not-an-email" }],
    ["email", { email: "" }],
    ["email", { email: `${"a".repeat(250)}@example.test` }],
    ["phone", { phone: "call me maybe" }],
    ["phone", { phone: "1".repeat(33) }],
    ["whatsapp", { whatsapp: "+44 20 <script>" }],
    ["interest", { interest: "" }],
    ["interest", { interest: "platinum-smuggling" }],
    ["deal_size", { deal_size: "over-9000" }],
    ["message", { message: " \n " }],
    ["message", { message: "x".repeat(5001) }],
  ];

  it.each(invalidCases)(
    "refuses an invalid %s with 400, keeps the values and stores nothing",
    async (field, change) => {
      const fields = { ...validFields, ...change };
      const outcome = await submit(database, fields);
      expect(outcome.status).toBe(400);
      expect(Object.keys(outcome.data?.fieldErrors ?? {})).toEqual([field]);
      expect(outcome.data?.values).toEqual(fields);
      expect(await countInquiries()).toBe(0);
      expect(await mailJobs(database.db)).toHaveLength(0);
    },
  );

  it("reports every invalid field at once and treats missing fields as empty", async () => {
    const outcome = await submit(database, { interest: "gold-buying" });
    expect(outcome.status).toBe(400);
    expect(Object.keys(outcome.data?.fieldErrors ?? {}).sort()).toEqual(["email", "message", "name"]);
    expect(await countInquiries()).toBe(0);
  });

  it("keeps the original form token across a failed attempt", async () => {
    const token = tokenAged(1_000);
    const outcome = await submit(database, { ...validFields, email: "x" }, { token });
    expect(outcome.data?.formToken).toBe(token);
  });

  it("holds a submission filled in faster than a person can: admins told it is held, the visitor not yet", async () => {
    const outcome = await submit(database, validFields, { token: tokenAged(500) });
    expect(outcome.status).toBe(303);
    const [row] = await database.db.select().from(contactSubmissions);
    expect(row).toMatchObject({ is_spam: true, held: true, announced_at: null });
    const mails = await mailJobs(database.db);
    expect(mails.map((mail) => mail.purpose)).toEqual([INQUIRY_NOTIFICATION]);
    expect(mails[0]?.to).toEqual(["owner@example.test"]);
    expect(mails[0]?.subject).toMatch(/^\[Held for review\] New inquiry from Ama Mensah/);
    expect(mails[0]?.text).toContain("held for review");
    expect(mails[0]?.text).toContain("https://site.example.test/dashboard?status=held");
    // Its token is genuine: it binds, so a second inquiry with it is spam, not held.
    await submit(database, { ...validFields, message: "Another one." }, { token: tokenAged(400) });
    expect(await countInquiries()).toBe(2);
  });

  it("keeps a honeypot submission as spam even when it is also too fast", async () => {
    await submit(database, { ...validFields, [HONEYPOT_FIELD]: "x" }, { token: tokenAged(500) });
    const [row] = await database.db.select().from(contactSubmissions);
    expect(row).toMatchObject({ is_spam: true, held: false });
    expect(await mailJobs(database.db)).toHaveLength(0);
  });

  it("stores a honeypot submission as spam, sends nothing and shows the normal success", async () => {
    const outcome = await submit(database, { ...validFields, [HONEYPOT_FIELD]: "https://spam.example" });
    expect(outcome.status).toBe(303);
    const [row] = await database.db.select().from(contactSubmissions);
    expect(row?.is_spam).toBe(true);
    expect(await mailJobs(database.db)).toHaveLength(0);
  });

  it.each([
    // Tokens are made when the test runs: their age is what is tested.
    ["without a form token", () => ""],
    ["with a forged form token", () => `${Date.now() - 60_000}.${"A".repeat(43)}`],
    [
      "with a token signed by another secret",
      () => issueFormToken("another-secret", CONTACT_FORM_PURPOSE, 0),
    ],
    ["with a token from the future", () => tokenAged(-10 * 60_000)],
  ])("flags a submission %s as spam", async (_label, makeToken) => {
    const outcome = await submit(database, validFields, { token: makeToken() });
    expect(outcome.status).toBe(303);
    const [row] = await database.db.select().from(contactSubmissions);
    expect(row?.is_spam).toBe(true);
    expect(await mailJobs(database.db)).toHaveLength(0);
  });

  it("answers 429 over the per-IP limit, keeps the values, and counts per address", async () => {
    const config = { ...baseConfig, rateLimit: { max: 2, windowMs: 3_600_000 } };
    // Distinct tokens: two renderings of the form, not one submission resent.
    for (let i = 0; i < 2; i++) {
      const token = tokenAged(10_000 + i);
      expect((await submit(database, validFields, { config, token })).status).toBe(303);
    }
    const limited = await submit(database, validFields, { config, token: tokenAged(10_002) });
    expect(limited.status).toBe(429);
    expect(limited.data?.formError).toBe(RATE_LIMIT_MESSAGE);
    expect(limited.data?.values).toEqual(validFields);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await countInquiries()).toBe(2);
    const otherIp = await submit(database, validFields, {
      config,
      clientIp: "198.51.100.7",
      token: tokenAged(10_003),
    });
    expect(otherIp.status).toBe(303);
    expect(await countInquiries()).toBe(3);
  });

  it("finding 10: the per-IP limit counts one IPv6 /64 as one client", async () => {
    const config = { ...baseConfig, rateLimit: { max: 2, windowMs: 3_600_000 } };
    for (let i = 0; i < 2; i++) {
      const clientIp = `2001:db8:77:1::${i + 1}`;
      expect(
        (await submit(database, validFields, { config, clientIp, token: tokenAged(10_000 + i) })).status,
      ).toBe(303);
    }
    const limited = await submit(database, validFields, {
      config,
      clientIp: "2001:db8:77:1:dead:beef:0:9",
      token: tokenAged(10_002),
    });
    expect(limited.status).toBe(429);
    expect(await countInquiries()).toBe(2);
  });

  it("does not count invalid attempts against the limit", async () => {
    const config = { ...baseConfig, rateLimit: { max: 1, windowMs: 3_600_000 } };
    expect((await submit(database, { ...validFields, email: "x" }, { config })).status).toBe(400);
    expect((await submit(database, validFields, { config })).status).toBe(303);
  });

  it("sends no acknowledgement when ACK_EMAILS is off", async () => {
    await submit(database, validFields, { config: { ...baseConfig, acknowledge: false } });
    const mails = await mailJobs(database.db);
    expect(mails.map((mail) => mail.purpose)).toEqual([INQUIRY_NOTIFICATION]);
  });

  it("records on the inquiry that there is no admin to notify", async () => {
    await submit(database, validFields, { config: { ...baseConfig, adminEmails: [] } });
    const [row] = await database.db.select().from(contactSubmissions);
    expect(row?.notify_error).toBe(NO_ADMIN_RECIPIENTS);
    const mails = await mailJobs(database.db);
    expect(mails.map((mail) => mail.purpose)).toEqual([INQUIRY_ACKNOWLEDGEMENT]);
  });

  it("stores nothing, not even the inquiry, when its mail cannot be queued", async () => {
    await database.db.execute(sql`alter table jobs rename to jobs_away`);
    try {
      const outcome = await submit(database, validFields);
      expect(outcome.status).toBe(503);
      expect(outcome.headers.get("retry-after")).toBe("5");
      expect(outcome.data?.toast).toEqual({
        title: "Error",
        description: "Failed to send message. Please try again.",
        variant: "destructive",
      });
      expect(outcome.data?.values).toEqual(validFields);
    } finally {
      await database.db.execute(sql`alter table jobs_away rename to jobs`);
    }
    expect(await countInquiries()).toBe(0);
  });

  it("answers with the error toast and keeps the values when the database is gone", async () => {
    const closed = await createTestDatabase(backend);
    await closed.dispose();
    const outcome = await submit(closed, validFields, {
      config: { ...baseConfig, rateLimit: { max: 10, windowMs: 60_000 } },
    });
    expect(outcome.status).toBe(503);
    expect(outcome.data?.toast?.variant).toBe("destructive");
    expect(outcome.data?.toast?.title).toBe("Error");
    expect(outcome.data?.values).toEqual(validFields);
  });
});
