import { BULK_NOBODY } from "../../app/forms/lead-desk";
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
const LEAD_INTENTS: Record<string, string>[] = [
  { intent: "set-status", id: ID, status: "closed_lost", lostReason: "Probe" },
  { intent: "assign", id: ID, assigneeId: "" },
  { intent: "take", id: ID },
  { intent: "reply", id: ID, subject: "Probe reply", body: "Dear Claimant,\n\nProbe." },
  { intent: "mark-replied", id: ID, channel: "phone" },
  { intent: "not-an-intent", id: ID },
];
const LEAD_PATH = `/dashboard/inquiries/${ID}`;
const BULK: Record<string, string>[] = [
  { intent: "bulk", action: "mark-read", scope: "selected", ids: ID },
  { intent: "bulk", action: "delete", scope: "selected", ids: ID },
  { intent: "bulk", action: "delete", scope: "selected", ids: ID, confirm: "1" },
  { intent: "bulk", action: "assign", scope: "selected", ids: ID, assigneeId: BULK_NOBODY },
];

const PROBES: Probe[] = [
  { label: "page", path: "/dashboard" },
  { label: "page with filters", path: "/dashboard?status=all&q=claimant&page=1" },
  { label: "page data request", path: "/dashboard.data" },
  { label: "CSV export", path: "/dashboard/export.csv" },
  { label: "server-sent events", path: "/dashboard/events" },
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
  { label: "lead page with a template", path: `${LEAD_PATH}?template=kyc-checklist` },
  { label: "lead page data request", path: `${LEAD_PATH}.data` },
  { label: "bulk page", path: "/dashboard/bulk" },
  ...LEAD_INTENTS.flatMap((form): Probe[] => [
    { label: `lead action ${form.intent}`, path: LEAD_PATH, method: "POST", form },
    { label: `lead action data request ${form.intent}`, path: `${LEAD_PATH}.data`, method: "POST", form },
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
  for (const form of LEAD_INTENTS.filter((f) => f.intent !== "not-an-intent")) {
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
  // A deletion without the confirmed count only asks; the inquiry stays.
  const asked = await post("/dashboard/bulk", BULK[1]!);
  expect(asked.status).toBe(200);
  expect(asked.body).toContain("Delete 1 inquiry?");
  expect(await snapshot()).toContain(SECRET_NAME);
});

test("admin: every loader answers and every action intent applies (an unknown intent is a 400)", async ({
  inbox,
}) => {
  const { probe, snapshot } = requestsTo(inbox);
  for (const item of PROBES.filter((p) => p.method !== "POST")) {
    const result = await probe("admin", item);
    expect(result.status, item.label).toBe(200);
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
