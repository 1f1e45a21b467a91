import fs from "node:fs";
import { SEEDED_TEMPLATE_UUIDS } from "../../app/content/reply-templates";
import { eq } from "drizzle-orm";
import { inquiryAttachments } from "../../db/schema";
import { BULK_NOBODY } from "../../app/forms/inquiry-desk";
import { attachmentPath } from "../../app/lib/conversation/attachment-files.server";
import { createReceivedMailFiler } from "../../app/lib/conversation/file-received-mail.server";
import { formatInquiryReference } from "../../app/lib/inquiries/inquiry";
import { expect, test } from "./fixtures";
import { cookieHeader, type InboxServer } from "./inbox-setup";
import { INBOX_ACCOUNTS } from "./support/accounts";

/**
 * Every loader, action intent and data request under /dashboard, for an
 * anonymous visitor, a signed-in member, an admin without a second factor,
 * an admin in a session from before they set one up, and an admin signed in
 * with one: only the last gets inquiry data or changes anything.
 */
const SECRET_NAME = "Confidential Claimant";
const SECRET_EMAIL = "claimant@secret.test";
const ID = "6f0d9a4e-3c1b-4b7a-9a51-0d2f3e4c5b6a";
/** Whose data the admin erases through a rights request, at the end. */
const ERASED_NAME = "Erin Erasable";
const ERASED_EMAIL = "erin@erasable.test";

// Each test starts from these two inquiries, whatever another test changed or erased.
test.use({
  seed: {
    inquiries: () => [
      {
        id: ID,
        name: SECRET_NAME,
        email: SECRET_EMAIL,
        message: "Private message",
        admin_notes: "Private note",
      },
      { name: ERASED_NAME, email: ERASED_EMAIL, message: "Please erase me" },
    ],
  },
});

type Who =
  | "anonymous"
  | "member"
  | "admin"
  | "adminWithoutSecondFactor"
  | "adminStaleSession"
  | "adminPasskeyPasswordOnly";

interface Probe {
  label: string;
  path: string;
  method?: "GET" | "POST";
  form?: Record<string, string>;
}

const INTENTS: Record<string, string>[] = [
  { intent: "mark-read", id: ID },
  { intent: "mark-unread", id: ID },
  { intent: "mark-spam", id: ID },
  { intent: "mark-not-spam", id: ID },
  { intent: "save-notes", id: ID, notes: "Overwritten" },
  { intent: "delete", id: ID },
  { intent: "not-an-intent", id: ID },
];

/** The lead page's intents; the admin's own id is filled in for "assign". */
const INQUIRY_INTENTS: Record<string, string>[] = [
  { intent: "set-status", id: ID, status: "closed_lost", lostReason: "Probe" },
  { intent: "assign", id: ID, assigneeId: "" },
  { intent: "take", id: ID },
  { intent: "reply", id: ID, subject: "Probe reply", body: "Dear Claimant,\n\nProbe." },
  { intent: "mark-replied", id: ID, channel: "phone" },
  { intent: "not-an-intent", id: ID },
];
const LEAD_PATH = `/dashboard/inquiries/${ID}`;
const TEMPLATE_ID = SEEDED_TEMPLATE_UUIDS["kyc-checklist"];
const TEMPLATE_PATH = `/dashboard/templates/${TEMPLATE_ID}`;
/** The composer's draft route and the follow-up route, each with every intent. */
const DRAFT_FORMS: Record<string, string>[] = [
  { intent: "save-draft", id: ID, subject: "Probe", body: "Probe draft" },
  { intent: "save-draft", id: ID, subject: "Probe", body: "Probe draft", auto: "1" },
  { intent: "insert-template", id: ID, subject: "", body: "Probe draft", template: TEMPLATE_ID },
  { intent: "discard-draft", id: ID },
];
const DRAFT_POSTS = DRAFT_FORMS.flatMap((form): Probe[] => [
  { label: `draft ${form.intent} ${form.auto ?? ""}`, path: `${LEAD_PATH}/draft`, method: "POST", form },
  {
    label: `draft data ${form.intent} ${form.auto ?? ""}`,
    path: `${LEAD_PATH}/draft.data`,
    method: "POST",
    form,
  },
]);
const FOLLOW_UP_FORMS: Record<string, string>[] = [
  { intent: "set-follow-up", id: ID, dueAt: "2030-01-02T10:00", text: "Probe step", ownerId: "x" },
  { intent: "complete-follow-up", id: ID },
];
const FOLLOW_UP_POSTS = FOLLOW_UP_FORMS.flatMap((form): Probe[] => [
  { label: `follow-up ${form.intent}`, path: `${LEAD_PATH}/follow-up`, method: "POST", form },
  { label: `follow-up data ${form.intent}`, path: `${LEAD_PATH}/follow-up.data`, method: "POST", form },
]);
const TEMPLATE_FORMS: { path: string; form: Record<string, string> }[] = [
  { path: "/dashboard/templates/new", form: { name: "Probe template", subject: "S", body: "B {{name}}" } },
  { path: TEMPLATE_PATH, form: { intent: "save", name: "Probe rename", subject: "S", body: "B" } },
  { path: TEMPLATE_PATH, form: { intent: "delete" } },
];
const TEMPLATE_POSTS = TEMPLATE_FORMS.flatMap(({ path, form }): Probe[] => [
  { label: `template ${path} ${form.intent ?? "add"}`, path, method: "POST", form },
  { label: `template data ${path} ${form.intent ?? "add"}`, path: `${path}.data`, method: "POST", form },
]);
/** An attachment the refused roles ask for; the admin's test files a real one. */
const ATTACHMENT_ID = "0b5f2c7e-1d4a-4c3b-9e8f-7a6d5c4b3a21";
const ATTACHMENT_PROBE = "attachment download";
/** The lead page's own changes (as the card's), each with where the admin lands; delete last. */
const INQUIRY_PAGE_INTENTS: { form: Record<string, string>; location: string }[] = [
  { form: { intent: "mark-unread", id: ID }, location: `${LEAD_PATH}?keep=unread` },
  { form: { intent: "mark-read", id: ID }, location: LEAD_PATH },
  { form: { intent: "mark-spam", id: ID }, location: LEAD_PATH },
  { form: { intent: "mark-not-spam", id: ID }, location: LEAD_PATH },
  { form: { intent: "save-notes", id: ID, notes: "Rewritten on the lead page" }, location: LEAD_PATH },
  { form: { intent: "delete", id: ID, confirm: "erase" }, location: "/dashboard" },
];
const BULK: Record<string, string>[] = [
  { intent: "bulk", action: "mark-read", scope: "selected", ids: ID },
  { intent: "bulk", action: "delete", scope: "selected", ids: ID },
  { intent: "bulk", action: "delete", scope: "selected", ids: ID, confirm: "1" },
  { intent: "bulk", action: "assign", scope: "selected", ids: ID, assigneeId: BULK_NOBODY },
];

/** The workspace's own actions: the layout choice and saved views. */
const WORKSPACE: Probe[] = [
  { label: "layout choice", path: "/dashboard/layout", method: "POST", form: { layout: "cards" } },
  {
    label: "save a view",
    path: "/dashboard/views",
    method: "POST",
    form: { intent: "save", name: "Probe view", shared: "on", back: "q=claimant" },
  },
  { label: "delete a view", path: "/dashboard/views", method: "POST", form: { intent: "delete", id: ID } },
];

const PROBES: Probe[] = [
  { label: "page", path: "/dashboard" },
  { label: "page sorted", path: "/dashboard?sort=deal&q=claimant" },
  { label: "layout choice page", path: "/dashboard/layout" },
  { label: "saved views page", path: "/dashboard/views" },
  ...WORKSPACE.flatMap((probe): Probe[] => [
    probe,
    { ...probe, label: `${probe.label} data request`, path: `${probe.path}.data` },
  ]),
  { label: "page with filters", path: "/dashboard?status=all&q=claimant&page=1" },
  { label: "page data request", path: "/dashboard.data" },
  { label: "CSV export", path: "/dashboard/export.csv" },
  { label: "server-sent events", path: "/dashboard/events" },
  { label: "team mailboxes page", path: "/dashboard/mailboxes" },
  { label: "team mailboxes data request", path: "/dashboard/mailboxes.data" },
  { label: "rights request page", path: "/dashboard/privacy" },
  { label: "rights request lookup", path: `/dashboard/privacy?email=${SECRET_EMAIL}` },
  { label: "rights request confirmation", path: `/dashboard/privacy?email=${SECRET_EMAIL}&confirm=erase` },
  { label: "rights request data request", path: `/dashboard/privacy.data?email=${SECRET_EMAIL}` },
  { label: "rights request download", path: `/dashboard/privacy/export.json?email=${SECRET_EMAIL}` },
  ...["/dashboard/privacy", "/dashboard/privacy.data"].map((path): Probe => ({
    label: `rights request erase ${path}`,
    path,
    method: "POST",
    form: { intent: "erase", email: SECRET_EMAIL },
  })),
  ...INTENTS.flatMap((form): Probe[] => [
    { label: `action ${form.intent}`, path: "/dashboard", method: "POST", form },
    { label: `action data request ${form.intent}`, path: "/dashboard.data", method: "POST", form },
  ]),
  { label: "lead page", path: LEAD_PATH },
  { label: "lead page with a template", path: `${LEAD_PATH}?template=${TEMPLATE_ID}` },
  { label: "lead page kept unread", path: `${LEAD_PATH}?keep=unread` },
  { label: "lead page delete confirmation", path: `${LEAD_PATH}?delete=1` },
  { label: "templates page", path: "/dashboard/templates" },
  { label: "templates data request", path: "/dashboard/templates.data" },
  { label: "new template page", path: "/dashboard/templates/new" },
  { label: "template page", path: TEMPLATE_PATH },
  { label: "template data request", path: `${TEMPLATE_PATH}.data` },
  { label: "follow-ups page", path: "/dashboard/follow-ups" },
  { label: "own follow-ups page", path: "/dashboard/follow-ups?owner=me" },
  { label: "follow-ups data request", path: "/dashboard/follow-ups.data" },
  { label: "draft route (GET goes back to the lead)", path: `${LEAD_PATH}/draft` },
  { label: "follow-up route (GET goes back to the lead)", path: `${LEAD_PATH}/follow-up` },
  ...DRAFT_POSTS,
  ...FOLLOW_UP_POSTS,
  ...TEMPLATE_POSTS,
  { label: "lead page data request", path: `${LEAD_PATH}.data` },
  { label: ATTACHMENT_PROBE, path: `${LEAD_PATH}/attachments/${ATTACHMENT_ID}` },
  { label: "bulk page", path: "/dashboard/bulk" },
  { label: "reports page", path: "/dashboard/reports" },
  {
    label: "reports page with a range",
    path: "/dashboard/reports?range=custom&from=2026-01-05&to=2026-03-29",
  },
  { label: "reports data request", path: "/dashboard/reports.data?range=4" },
  { label: "report CSV", path: "/dashboard/reports/export.csv?chart=sources&range=52" },
  ...INQUIRY_INTENTS.flatMap((form): Probe[] => [
    { label: `lead action ${form.intent}`, path: LEAD_PATH, method: "POST", form },
    { label: `lead action data request ${form.intent}`, path: `${LEAD_PATH}.data`, method: "POST", form },
  ]),
  ...INQUIRY_PAGE_INTENTS.flatMap(({ form }): Probe[] => [
    { label: `lead page action ${form.intent}`, path: LEAD_PATH, method: "POST", form },
    {
      label: `lead page action data request ${form.intent}`,
      path: `${LEAD_PATH}.data`,
      method: "POST",
      form,
    },
  ]),
  ...BULK.flatMap((form): Probe[] => [
    { label: `bulk ${form.action} ${form.confirm ?? ""}`, path: "/dashboard/bulk", method: "POST", form },
    {
      label: `bulk data request ${form.action} ${form.confirm ?? ""}`,
      path: "/dashboard/bulk.data",
      method: "POST",
      form,
    },
  ]),
];

/**
 * Files a lead's mail with one attachment on the secret inquiry, kept under the server's UPLOAD_KEY as its own
 * filer would keep it; returns the attachment's download path and its file.
 */
async function fileMailWithAttachment(inbox: InboxServer): Promise<{ path: string; file: string }> {
  const fileMail = createReceivedMailFiler({
    dataDir: inbox.env.DATA_DIR!,
    uploadKey: inbox.env.UPLOAD_KEY ? Buffer.from(inbox.env.UPLOAD_KEY, "base64") : null,
    ownAddresses: [],
    acknowledge: false,
    adminEmails: [],
    siteUrl: inbox.url,
  });
  let filed = { path: "", file: "" };
  await inbox.write(async (database) => {
    await database.db.transaction((tx) =>
      fileMail(tx, {
        mailbox: "imap://deals@imap.example.test/INBOX",
        messageId: `kyc.${Date.now()}@secret.test`,
        inReplyTo: null,
        references: [],
        from: { address: SECRET_EMAIL, name: SECRET_NAME },
        to: ["deals@voltameridian.co.uk"],
        cc: [],
        subject: `Documents ${formatInquiryReference(ID)}`,
        text: "Attached.",
        date: new Date(),
        headers: {},
        attachments: [
          {
            filename: "passport.pdf",
            contentType: "application/pdf",
            size: 16,
            content: Buffer.from("Private document"),
          },
        ],
        size: 500,
      }),
    );
    const [row] = await database.db
      .select({ id: inquiryAttachments.id, storedAs: inquiryAttachments.stored_as })
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.inquiry_id, ID));
    filed = {
      path: `${LEAD_PATH}/attachments/${row!.id}`,
      file: attachmentPath(inbox.env.DATA_DIR!, row!.storedAs!)!,
    };
  });
  return filed;
}

/** Requests to the test's inbox server, as one of its roles. */
function requestsTo(inbox: InboxServer) {
  function headersFor(who: Who): Record<string, string> {
    if (who === "anonymous") return {};
    const cookie = inbox.cookies[who];
    if (!cookie) throw new Error(`no session seeded for ${who}`);
    return { Cookie: cookieHeader(cookie) };
  }

  async function probe(who: Who, { path, method = "GET", form }: Probe) {
    const controller = new AbortController();
    const response = await fetch(`${inbox.url}${path}`, {
      method,
      headers: headersFor(who),
      body: form ? new URLSearchParams(form) : undefined,
      redirect: "manual",
      signal: controller.signal,
    });
    // The event stream never ends: read its headers only.
    const body = response.headers.get("content-type")?.startsWith("text/event-stream")
      ? ""
      : await response.text();
    controller.abort();
    return { status: response.status, location: response.headers.get("location"), body };
  }

  /** What the admin sees: the whole inbox, every view, as CSV. */
  async function snapshot(): Promise<string> {
    const views = await Promise.all(
      ["all", "spam"].map(async (status) => {
        const response = await fetch(`${inbox.url}/dashboard/export.csv?status=${status}`, {
          headers: headersFor("admin"),
        });
        expect(response.status).toBe(200);
        return response.text();
      }),
    );
    return views.join("\n");
  }

  return { probe, snapshot };
}

const ROLE_NAMES: Record<Exclude<Who, "admin">, string> = {
  anonymous: "anonymous",
  member: "member",
  adminWithoutSecondFactor: "admin without a second factor",
  adminStaleSession: "admin in a password-only session from before their second factor",
  adminPasskeyPasswordOnly: "admin with a passkey in a session signed in with the password alone",
};

/** Where each refused role is sent, as a Location header and inside a data request's body. */
const REFUSAL: Record<Exclude<Who, "admin">, { location: RegExp; data: string }> = {
  anonymous: { location: /^\/auth\?redirectTo=%2Fdashboard/, data: "/auth?redirectTo=" },
  member: { location: /^\/$/, data: '"/"' },
  adminWithoutSecondFactor: {
    location: /^\/account\/two-factor\?redirectTo=%2Fdashboard/,
    data: "/account/two-factor?redirectTo=",
  },
  // Signed out on the first request, then asked to sign in with the second factor.
  adminStaleSession: { location: /^\/auth\?redirectTo=%2Fdashboard/, data: "/auth?redirectTo=" },
  adminPasskeyPasswordOnly: { location: /^\/auth\?redirectTo=%2Fdashboard/, data: "/auth?redirectTo=" },
};

for (const who of [
  "anonymous",
  "member",
  "adminWithoutSecondFactor",
  "adminStaleSession",
  "adminPasskeyPasswordOnly",
] as const) {
  test(`${ROLE_NAMES[who]}: every dashboard request is refused, leaks nothing and changes nothing`, async ({
    inbox,
  }) => {
    const { probe, snapshot } = requestsTo(inbox);
    const before = await snapshot();
    expect(before).toContain(SECRET_NAME);
    for (const item of PROBES) {
      const result = await probe(who, item);
      const context = `${who} ${item.label}`;
      expect(result.body, context).not.toContain(SECRET_NAME);
      expect(result.body, context).not.toContain(SECRET_EMAIL);
      if (item.path.split("?")[0]!.endsWith(".data")) {
        // React Router answers data requests with the redirect encoded in the body.
        expect(result.status, context).toBe(202);
        expect(result.body, context).toContain(REFUSAL[who].data);
      } else {
        expect(result.status, context).toBe(302);
        expect(result.location, context).toMatch(REFUSAL[who].location);
      }
    }
    expect(await snapshot()).toBe(before);
  });
}

test("admin: every lead-page intent and the bulk action apply (an unknown intent is a 400)", async ({
  inbox,
}) => {
  const { probe, snapshot } = requestsTo(inbox);
  const post = (path: string, form: Record<string, string>) =>
    probe("admin", { label: form.intent!, path, method: "POST", form });
  expect((await post(LEAD_PATH, { intent: "not-an-intent", id: ID })).status).toBe(400);
  expect((await post(LEAD_PATH, { intent: "set-status", id: ID, status: "closed_lost" })).status).toBe(400);
  for (const form of INQUIRY_INTENTS.filter((f) => f.intent !== "not-an-intent")) {
    const result = await post(LEAD_PATH, form);
    expect(result.status, form.intent).toBe(302);
    expect(result.location, form.intent).toBe(LEAD_PATH);
  }
  for (const path of [
    "/dashboard/inquiries/00000000-0000-4000-8000-000000000000",
    "/dashboard/inquiries/x",
  ]) {
    expect((await probe("admin", { label: "missing lead", path })).status, path).toBe(404);
  }
  // An id in the form that is not the page's changes nothing.
  const other = { intent: "take", id: "00000000-0000-4000-8000-000000000000" };
  expect((await post(LEAD_PATH, other)).status).toBe(404);
  const page = await probe("admin", { label: "lead page", path: LEAD_PATH });
  expect(page.body).toContain("Probe reply");
  expect(page.body).toContain("Closed – lost");

  const marked = await post("/dashboard/bulk", BULK[0]!);
  expect(marked.status).toBe(302);
  expect(marked.location).toBe("/dashboard");
  // "Nobody" clears the owner the lead page's "take" set, with a timeline entry.
  const unassignedEntries = async () =>
    (await probe("admin", { label: "lead page", path: LEAD_PATH })).body.split('data-kind="unassigned"')
      .length;
  const before = await unassignedEntries();
  const unassigned = await post("/dashboard/bulk", BULK[3]!);
  expect(unassigned.status).toBe(302);
  expect(await unassignedEntries()).toBe(before + 1);
  // A refused bulk action goes back to the inbox view it came from, the selection kept.
  const refused = await post("/dashboard/bulk", { intent: "bulk", action: "assign", ids: ID, q: "claimant" });
  expect(refused.status).toBe(302);
  expect(refused.location).toBe(`/dashboard?q=claimant&selected=${ID}`);
  // The workspace's actions apply and go back to the view.
  const layout = await post("/dashboard/layout", { layout: "cards", back: "q=claimant" });
  expect(layout.status).toBe(302);
  expect(layout.location).toBe("/dashboard?q=claimant");
  expect((await probe("admin", { label: "cards", path: "/dashboard" })).body).toContain("<article");
  const saved = await post("/dashboard/views", {
    intent: "save",
    name: "Claimants",
    back: "q=claimant&page=3",
  });
  expect(saved.location).toBe("/dashboard?q=claimant");
  expect((await probe("admin", { label: "nav", path: "/dashboard" })).body).toContain("Claimants");
  // A deletion without the confirmed count only asks; the inquiry stays.
  const asked = await post("/dashboard/bulk", BULK[1]!);
  expect(asked.status).toBe(200);
  expect(asked.body).toContain("Delete 1 inquiry?");
  expect(await snapshot()).toContain(SECRET_NAME);
});

test("admin: the lead page's read, spam, notes and delete apply; a delete without its confirmation does not", async ({
  inbox,
}) => {
  const { probe, snapshot } = requestsTo(inbox);
  const post = (form: Record<string, string>) =>
    probe("admin", { label: form.intent!, path: LEAD_PATH, method: "POST", form });
  expect((await post({ intent: "delete", id: ID })).status).toBe(400);
  expect((await post({ intent: "delete", id: ID, confirm: "yes" })).status).toBe(400);
  expect(await snapshot()).toContain(SECRET_NAME);
  for (const { form, location } of INQUIRY_PAGE_INTENTS) {
    const result = await post(form);
    expect(result.status, form.intent).toBe(302);
    expect(result.location, form.intent).toBe(location);
    if (form.intent === "save-notes") expect(await snapshot()).toContain("Rewritten on the lead page");
  }
  expect(await snapshot()).not.toContain(SECRET_NAME);
  expect((await post({ intent: "mark-read", id: ID })).status).toBe(404);
});

test("admin: every loader answers and every action intent applies (an unknown intent is a 400)", async ({
  inbox,
}) => {
  const { probe, snapshot } = requestsTo(inbox);
  // The workspace's action-only routes send a typed URL to the inbox.
  const actionOnly = (item: Probe) => /^\/dashboard\/(layout|views)$/.test(item.path);
  for (const item of PROBES.filter((p) => p.method !== "POST" && p.label !== ATTACHMENT_PROBE)) {
    const result = await probe("admin", item);
    if (item.label.includes("goes back")) {
      expect(result.status, item.label).toBe(302);
      expect(result.location, item.label).toBe(LEAD_PATH);
    } else if (actionOnly(item)) {
      expect(result.status, item.label).toBe(302);
      expect(result.location, item.label).toBe("/dashboard");
    } else {
      expect(result.status, item.label).toBe(200);
    }
  }
  expect((await probe("admin", PROBES[0]!)).body).toContain(SECRET_NAME);

  const post = (form: Record<string, string>) =>
    probe("admin", { label: form.intent!, path: "/dashboard?q=claimant", method: "POST", form });
  const invalid = await post({ intent: "not-an-intent", id: ID });
  expect(invalid.status).toBe(400);

  for (const form of INTENTS.filter((f) => f.intent !== "not-an-intent" && f.intent !== "delete")) {
    const result = await post(form);
    expect(result.status, form.intent).toBe(302);
    expect(result.location, form.intent).toBe("/dashboard?q=claimant");
  }
  expect(await snapshot()).toContain("Overwritten");
  expect((await post({ intent: "delete", id: ID })).status).toBe(302);
  expect(await snapshot()).not.toContain(SECRET_NAME);
  expect((await post({ intent: "mark-read", id: ID })).status).toBe(404);
});

test("admin: an attachment of a mail filed on a lead downloads, as a download only", async ({ inbox }) => {
  // Filing writes beside the server: on the embedded database it is stopped and started again.
  test.setTimeout(90_000);
  const { probe } = requestsTo(inbox);
  // The attachment download: a real attachment of a mail filed on the lead, as a download only.
  const attachment = await fileMailWithAttachment(inbox);
  // Kept encrypted: the disk never holds the document as sent.
  expect(fs.readFileSync(attachment.file).includes("Private document")).toBe(false);
  const fetchAttachment = () =>
    fetch(`${inbox.url}${attachment.path}`, { headers: { Cookie: cookieHeader(inbox.cookies.admin) } });
  // Not served until the server's job has scanned it: wait for that outcome.
  const status = async () => {
    const response = await fetchAttachment();
    await response.body?.cancel();
    return response.status;
  };
  await expect.poll(status, { timeout: 30_000 }).toBe(200);
  const download = await fetchAttachment();
  expect(download.status).toBe(200);
  expect(download.headers.get("content-disposition")).toMatch(/^attachment;/);
  expect(download.headers.get("x-content-type-options")).toBe("nosniff");
  expect(download.headers.get("content-security-policy")).toContain("sandbox; default-src 'none'");
  expect(await download.text()).toBe("Private document");
  for (const who of ["anonymous", "member", "adminWithoutSecondFactor"] as const) {
    const refused = await probe(who, { label: ATTACHMENT_PROBE, path: attachment.path });
    expect(refused.status, who).toBe(302);
    expect(refused.body, who).not.toContain("Private document");
  }
  expect(
    (await probe("admin", { label: ATTACHMENT_PROBE, path: `${LEAD_PATH}/attachments/${ATTACHMENT_ID}` }))
      .status,
  ).toBe(404);
});

test("admin: a rights request finds, downloads and erases one address's data, and nothing else", async ({
  inbox,
}) => {
  const { probe, snapshot } = requestsTo(inbox);
  const lookup = await probe("admin", { label: "lookup", path: `/dashboard/privacy?email=${ERASED_EMAIL}` });
  expect(lookup.status).toBe(200);
  expect(lookup.body).toContain("Please erase me");
  expect(lookup.body).not.toContain(SECRET_NAME);
  const download = await probe("admin", {
    label: "download",
    path: `/dashboard/privacy/export.json?email=${ERASED_EMAIL}`,
  });
  expect(JSON.parse(download.body)).toMatchObject({
    email: ERASED_EMAIL,
    inquiries: [{ name: ERASED_NAME }],
  });
  expect(
    (await probe("admin", { label: "invalid address", path: "/dashboard/privacy?email=not-an-address" }))
      .status,
  ).toBe(400);

  const erase = (form: Record<string, string>) =>
    probe("admin", { label: "erase", path: "/dashboard/privacy", method: "POST", form });
  expect((await erase({ email: ERASED_EMAIL })).status).toBe(400);
  expect((await erase({ intent: "erase", email: "not-an-address" })).status).toBe(400);
  // An admin's own account is deleted from the account page, not here.
  expect((await erase({ intent: "erase", email: INBOX_ACCOUNTS.admin.email })).status).toBe(400);
  expect(await snapshot()).toContain(ERASED_NAME);

  const erased = await erase({ intent: "erase", email: ERASED_EMAIL });
  expect(erased.status).toBe(302);
  expect(erased.location).toBe(`/dashboard/privacy?email=${encodeURIComponent(ERASED_EMAIL)}`);
  const after = await snapshot();
  expect(after).not.toContain(ERASED_NAME);
});

test("admin: templates are added and checked, drafts kept and follow-ups set and completed", async ({
  inbox,
}) => {
  const { probe } = requestsTo(inbox);
  const post = (path: string, form: Record<string, string>) =>
    probe("admin", { label: form.intent ?? "add", path, method: "POST", form });
  const name = `Probe template ${Date.now()}`;
  // An unknown placeholder is refused with the reason; a good template is added.
  const refused = await post("/dashboard/templates/new", { name, subject: "S", body: "Dear {{nmae}}" });
  expect(refused.status).toBe(400);
  expect(refused.body).toContain("Unknown placeholder {{nmae}}");
  const added = await post("/dashboard/templates/new", {
    name,
    subject: "S {{reference}}",
    body: "Dear {{name}}",
  });
  expect(added.status).toBe(302);
  expect(added.location).toBe("/dashboard/templates");
  const list = await probe("admin", { label: "templates", path: "/dashboard/templates" });
  expect(list.body).toContain(name);
  expect(
    (
      await probe("admin", {
        label: "missing",
        path: "/dashboard/templates/00000000-0000-4000-8000-000000000000",
      })
    ).status,
  ).toBe(404);

  // The draft: kept, merged with a template, answered with data when saved as you type.
  const draft = `${LEAD_PATH}/draft`;
  const saved = await post(draft, { intent: "save-draft", id: ID, subject: "Probe", body: "Kept words" });
  expect(saved.status).toBe(302);
  expect(saved.location).toBe(`${LEAD_PATH}#reply-heading`);
  expect((await probe("admin", { label: "lead", path: LEAD_PATH })).body).toContain("Kept words");
  const auto = await post(draft, {
    intent: "save-draft",
    id: ID,
    subject: "Probe",
    body: "Auto words",
    auto: "1",
  });
  expect(auto.status).toBe(200);
  expect(auto.body).toContain('"saved":true');
  const merged = await post(draft, {
    intent: "insert-template",
    id: ID,
    subject: "",
    body: "Typed first",
    template: TEMPLATE_ID,
  });
  expect(merged.status).toBe(302);
  const lead = (await probe("admin", { label: "lead", path: LEAD_PATH })).body;
  expect(lead).toContain("Typed first");
  expect(lead).toContain("customer due diligence");
  expect((await post(draft, { intent: "discard-draft", id: ID })).status).toBe(302);
  expect((await probe("admin", { label: "lead", path: LEAD_PATH })).body).not.toContain("Typed first");
  // An id in the form that is not the page's changes nothing.
  const other = await post(draft, {
    intent: "save-draft",
    id: "00000000-0000-4000-8000-000000000000",
    body: "x",
  });
  expect(other.status).toBe(302);
  expect((await probe("admin", { label: "lead", path: LEAD_PATH })).body).not.toContain(">x<");

  // The follow-up: only an admin owns one; set, then completed, on the timeline.
  const followUp = `${LEAD_PATH}/follow-up`;
  // In the past: overdue, so the follow-ups page lists it.
  const set = { intent: "set-follow-up", id: ID, dueAt: "2025-01-02T10:00", text: "Probe step" };
  expect((await post(followUp, { ...set, ownerId: "not-an-admin" })).status).toBe(302);
  expect((await probe("admin", { label: "lead", path: LEAD_PATH })).body).not.toContain("Probe step");
  expect((await post(followUp, { ...set, ownerId: inbox.accountIds.admin! })).status).toBe(302);
  const withStep = (await probe("admin", { label: "lead", path: LEAD_PATH })).body;
  expect(withStep).toContain("Probe step");
  expect(withStep).toContain('data-kind="follow-up-set"');
  expect((await probe("admin", { label: "follow-ups", path: "/dashboard/follow-ups" })).body).toContain(
    "Probe step",
  );
  expect((await post(followUp, { intent: "complete-follow-up", id: ID })).status).toBe(302);
  expect((await probe("admin", { label: "lead", path: LEAD_PATH })).body).toContain(
    'data-kind="follow-up-done"',
  );
});
