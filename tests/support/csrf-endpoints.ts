import { expect } from "vitest";
import { SEEDED_TEMPLATE_UUIDS } from "~/content/reply-templates";
import { CONTACT_FORM_PURPOSE } from "~/routes/contact.server";
import { FORM_TOKEN_FIELD, issueFormToken } from "~/lib/http/form-guard.server";
import crypto from "node:crypto";
import { kycChecklists } from "~/content/kyc-checklists";
import { clientCookie } from "~/lib/kyc/client-session.server";
import {
  clientLinks,
  inquiryMessages,
  kycRequests,
  sanctionsCandidates,
  sanctionsEntries,
  sanctionsListVersions,
  whatsappMessages,
  whatsappTemplates,
} from "../../db/schema";
import type { Db } from "~/lib/db/db.server";
import type { DatabaseSnapshot, Row } from "./db-snapshot";
import {
  SEEDED_ACCOUNTS,
  SEEDED_PASSKEY_ID,
  SEEDED_PASSWORD,
  SEEDED_SECRET,
  type SeededSite,
} from "./seeded-site";
import { totpCode } from "./totp";
import { DELETE_CONFIRMATION } from "~/forms/inquiry-page";

/**
 * Every state-changing endpoint of the site, for the CSRF test
 * (server/csrf.process.test.ts): each route action with the fields and
 * session that make it succeed, and what it then changes.
 */

const inquiry = (name: string, extra: Partial<Row> = {}) => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.test`,
  interest: "gold-buying",
  message: `An inquiry from ${name}.`,
  ...extra,
});
/** A 16 × 10 JPEG: the catalogue photo upload's file. */
const TINY_JPEG_BASE64 =
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgV" +
  "GC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAKABADASIAAhEBAxEB/8QAFQAB" +
  "AQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/" +
  "2gAMAwEAAhEDEQA/ALACyL//2Q==";
const ACCOUNT_CLIENT_ID = "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e13";
/** One inquiry per dashboard intent, each in the state that intent changes. */
export const INQUIRIES = {
  unread: inquiry("Uma Unread"),
  read: inquiry("Rex Read", { read_at: new Date("2025-01-02T10:00:00Z") }),
  genuine: inquiry("Gina Genuine"),
  spam: inquiry("Sam Spam", { is_spam: true }),
  doomed: inquiry("Dora Doomed"),
  annotated: inquiry("Nina Notes", { admin_notes: "Called back on Monday." }),
  /** Erased through a rights request (/dashboard/privacy). */
  erasable: inquiry("Ezra Erasable"),
  /** The lead page's actions, one inquiry each; fixed ids, since the id is in the path. */
  leadStatus: inquiry("Lara Lead", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e01" }),
  leadAssign: inquiry("Asa Assign", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e02" }),
  leadTake: inquiry("Tia Take", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e03" }),
  leadReply: inquiry("Rey Reply", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e04" }),
  leadReplied: inquiry("Mona Marked", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e05" }),
  leadDraft: inquiry("Dana Draft", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e0c" }),
  leadFollowUp: inquiry("Fred Follow", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e0d" }),
  leadRead: inquiry("Leo Unread", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e06" }),
  leadUnread: inquiry("Lou Read", {
    id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e07",
    read_at: new Date("2025-01-02T10:00:00Z"),
  }),
  leadSpam: inquiry("Gus Genuine", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e08" }),
  leadNotSpam: inquiry("Sid Spam", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e09", is_spam: true }),
  leadNotes: inquiry("Nat Notes", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e0a" }),
  leadDelete: inquiry("Del Doomed", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e0b" }),
  /** Holds a message from another address (HELD_MESSAGE_ID, written by seedHeldMessage). */
  leadConfirm: inquiry("Cleo Confirm", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e0e" }),
  /** Marked read by a bulk action (/dashboard/bulk). */
  bulk: inquiry("Bea Bulk"),
  /** Wrote on WhatsApp just now (seedHeldMessage writes the message): the WhatsApp reply's window is open. */
  leadWhatsApp: inquiry("Wale WhatsApp", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e0f" }),
  /** Started by a WhatsApp message whose number is also leadWhatsApp's (WHATSAPP_MOVE_MESSAGE_ID): the desk moves it there. */
  leadWhatsAppMove: inquiry("Ambi Guous", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e35" }),
  /** Asked for KYC documents from the lead page. */
  leadKyc: inquiry("Kofi Kyc", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e10" }),
  /** A possible UK Sanctions List match awaiting the desk's decision (SANCTIONS_CANDIDATE_ID). */
  leadSanctions: inquiry("Yevgeniy Zolotarev", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e11" }),
  /** Has a licence check recorded from the lead page. */
  leadLicence: inquiry("Lena Licence", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e14" }),
  /** Holds a KYC request and the client link CLIENT_TOKEN opens: the client page's upload. */
  client: inquiry("Cleo Client", { id: "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e12" }),
  /** Sent from the seeded member's verified address, with a KYC request: the account's inquiry page's upload. */
  accountClient: inquiry("Max Member", {
    id: ACCOUNT_CLIENT_ID,
    email: SEEDED_ACCOUNTS.member.email,
  }),
};
export type Site = SeededSite<keyof typeof INQUIRIES>;

const HELD_MESSAGE_ID = "5e1d0000-0000-4000-8000-0000000000c1";
const SANCTIONS_CANDIDATE_ID = "5e1d0000-0000-4000-8000-0000000000c2";
const WHATSAPP_MOVE_MESSAGE_ID = "5e1d0000-0000-4000-8000-0000000000c3";
const WHATSAPP_TEMPLATE_ID = "5e1d0000-0000-4000-8000-0000000000c4";
/** A client link's token: 32 bytes in base64url, as the desk mails them. */
const CLIENT_TOKEN = Buffer.alloc(32, 7).toString("base64url");
const CLIENT_CHECKLIST = kycChecklists[0]!;

/** The uploads' key of the seeded site: the client page refuses files without one. */
export const UPLOAD_TEST_KEY = Buffer.alloc(32, 1).toString("base64");

/** The `Cookie` header of a client who opened CLIENT_TOKEN's link. */
export async function clientSessionCookie(siteUrl: string): Promise<string> {
  return (await clientCookie(siteUrl).serialize(CLIENT_TOKEN)).split(";")[0] ?? "";
}

/** The message confirm-message acts on: mail on leadConfirm's thread from someone else, held. */
export async function seedHeldMessage(db: Db, inquiryIds: Record<keyof typeof INQUIRIES, string>) {
  await db.insert(inquiryMessages).values({
    id: HELD_MESSAGE_ID,
    inquiry_id: inquiryIds.leadConfirm,
    message_key: "<held@csrf.example.test>",
    message_id: "<held@csrf.example.test>",
    from_address: "someone.else@example.test",
    subject: "Re: your inquiry",
    body: "A message from another address.",
    sent_at: new Date("2025-01-03T10:00:00Z"),
    held_reason: "not-the-lead",
    mailbox: "INBOX",
  });
  await db.insert(whatsappMessages).values({
    inquiry_id: inquiryIds.leadWhatsApp,
    wamid: "wamid.CSRF1",
    direction: "in",
    type: "text",
    body: "Hello from WhatsApp.",
    wa_id: "233201440001",
    sent_at: new Date(),
  });
  await db.insert(whatsappMessages).values({
    id: WHATSAPP_MOVE_MESSAGE_ID,
    inquiry_id: inquiryIds.leadWhatsAppMove,
    wamid: "wamid.CSRF2",
    direction: "in",
    type: "text",
    body: "Which inquiry am I?",
    wa_id: "233201440001",
    possible_inquiry_ids: [inquiryIds.leadWhatsApp],
    sent_at: new Date(),
  });
  await db.insert(whatsappTemplates).values({
    id: WHATSAPP_TEMPLATE_ID,
    name: "lead_follow_up",
    language: "en_GB",
    body: "Hello {{1}}, about your inquiry {{2}}.",
    parameters: ["Name", "Reference"],
  });
  const [version] = await db
    .insert(sanctionsListVersions)
    .values({ published_on: "2026-11-27", entry_count: 1, name_count: 1, sha256: "csrf", source: "file" })
    .returning({ id: sanctionsListVersions.id });
  const [entry] = await db
    .insert(sanctionsEntries)
    .values({
      version_id: version!.id,
      unique_id: "RUS9901",
      kind: "Individual",
      primary_name: "ZOLOTAREV Yevgeniy",
      content_hash: "csrf",
    })
    .returning({ id: sanctionsEntries.id });
  await db.insert(sanctionsCandidates).values({
    id: SANCTIONS_CANDIDATE_ID,
    inquiry_id: inquiryIds.leadSanctions,
    version_id: version!.id,
    entry_id: entry!.id,
    entry_unique_id: "RUS9901",
    entry_hash: "csrf",
    field: "name",
    matched_name: "ZOLOTAREV Yevgeniy",
    name_type: "Primary Name",
    score: 1,
  });
  await db.insert(kycRequests).values([
    { inquiry_id: inquiryIds.client, checklist: CLIENT_CHECKLIST.key },
    { inquiry_id: inquiryIds.accountClient, checklist: CLIENT_CHECKLIST.key },
  ]);
  await db.insert(clientLinks).values({
    inquiry_id: inquiryIds.client,
    token_hash: crypto.createHash("sha256").update(CLIENT_TOKEN).digest("hex"),
    expires_at: new Date(Date.now() + 86_400_000),
  });
}

const rows = (snapshot: DatabaseSnapshot, table: string) => snapshot[table]?.rows ?? [];
const inquiryRow = (snapshot: DatabaseSnapshot, id: string) =>
  rows(snapshot, "contact_submissions").find((row) => row.id === id);
const sessionIds = (snapshot: DatabaseSnapshot, userId: string) =>
  rows(snapshot, "session")
    .filter((row) => row.userId === userId)
    .map((row) => row.id);

export interface ActionCase {
  name: string;
  /** The server build's route id, and the URL path that reaches it. */
  routeId: string;
  path: string;
  /** The route's path pattern, where `path` fills in a parameter. */
  routePath?: string;
  /**
   * The session a victim's browser would attach (null: the action needs none; challenge: a sign-in's code step;
   * client: a client page opened by its link).
   */
  as: "admin" | "member" | "challenge" | "owner" | "leaving" | "client" | null;
  fields(site: Site): Record<string, string>;
  /** Submitted from a hydrated page, as React Router's single fetch (`<path>.data`). */
  hydrated: boolean;
  /** A file the form sends: the site's own request is then multipart. */
  file?: { field: string; name: string; type: string; bytes: Uint8Array<ArrayBuffer> };
  /** What a request that got through changes; the control asserts it on before/after snapshots. */
  changes: string;
  changed(before: DatabaseSnapshot, after: DatabaseSnapshot, site: Site): void;
}

const dashboard = (
  intent: string,
  target: keyof typeof INQUIRIES,
  changes: string,
  changed: (row: Row | undefined, site: Site) => void,
  extra: Record<string, string> = {},
): ActionCase => ({
  name: `dashboard ${intent}`,
  routeId: "routes/dashboard",
  path: "/dashboard",
  as: "admin",
  hydrated: true,
  fields: (site) => ({ intent, id: site.inquiryIds[target], ...extra }),
  changes,
  changed: (_before, after, site) => changed(inquiryRow(after, site.inquiryIds[target]), site),
});

const LEAD_ROUTE_PATH = "/dashboard/inquiries/:id";
const leadPath = (key: keyof typeof INQUIRIES) => {
  const { id } = INQUIRIES[key] as { id?: string };
  if (!id) throw new Error(`${key} needs a fixed id`);
  return `/dashboard/inquiries/${id}`;
};

/** One intent of the lead page (dashboard/inquiries/:id). */
const lead = (
  intent: string,
  target: keyof typeof INQUIRIES,
  changes: string,
  changed: (row: Row | undefined, after: DatabaseSnapshot, site: Site) => void,
  extra: (site: Site) => Record<string, string> = () => ({}),
): ActionCase => ({
  name: `lead page ${intent}`,
  routeId: "routes/dashboard.inquiries.detail",
  path: leadPath(target),
  routePath: LEAD_ROUTE_PATH,
  as: "admin",
  hydrated: true,
  fields: (site) => ({ intent, id: site.inquiryIds[target], ...extra(site) }),
  changes,
  changed: (_before, after, site) => changed(inquiryRow(after, site.inquiryIds[target]), after, site),
});

/** Every route action. A route with an action missing here fails the test. */
export const ACTIONS: ActionCase[] = [
  {
    name: "contact form",
    routeId: "routes/contact",
    path: "/contact",
    as: null,
    hydrated: false,
    fields: () => ({
      name: "Carl Contact",
      company: "Contact Mining Ltd",
      email: "carl.contact@example.test",
      phone: "+233 20 000 0000",
      whatsapp: "",
      interest: "consultation",
      deal_size: "under-100k",
      message: "Please call me about a site visit.",
      // Issued a minute ago: old enough to pass the minimum fill time.
      [FORM_TOKEN_FIELD]: issueFormToken(SEEDED_SECRET, CONTACT_FORM_PURPOSE, Date.now() - 60_000),
    }),
    changes: "stores an inquiry and queues its mail",
    changed: (_before, after) => {
      const stored = rows(after, "contact_submissions").find((row) => row.name === "Carl Contact");
      expect(stored?.is_spam).toBe(false);
      expect(rows(after, "jobs").some((row) => row.kind === "mail" && row.inquiry_id === stored?.id)).toBe(
        true,
      );
    },
  },
  {
    name: "sign in",
    routeId: "routes/auth",
    path: "/auth",
    as: null,
    hydrated: true,
    // Login CSRF: the attacker's own credentials, to sign the victim in as the attacker.
    fields: () => ({ intent: "sign-in", email: SEEDED_ACCOUNTS.member.email, password: SEEDED_PASSWORD }),
    changes: "creates a session",
    changed: (before, after, site) => {
      const known = new Set(sessionIds(before, site.userIds.member));
      expect(sessionIds(after, site.userIds.member).some((id) => !known.has(id))).toBe(true);
    },
  },
  {
    name: "sign up",
    routeId: "routes/auth",
    path: "/auth",
    as: null,
    hydrated: true,
    fields: () => ({
      intent: "sign-up",
      fullName: "Nora New",
      email: "nora.new@example.test",
      password: "a new password",
      confirmPassword: "a new password",
    }),
    changes: "creates a user, its account and a verification mail",
    changed: (_before, after) => {
      expect(rows(after, "user").some((row) => row.email === "nora.new@example.test")).toBe(true);
    },
  },
  {
    name: "resend verification",
    routeId: "routes/auth",
    path: "/auth",
    as: null,
    hydrated: true,
    fields: () => ({ intent: "resend-verification", email: SEEDED_ACCOUNTS.pending.email }),
    changes: "queues a verification mail",
    changed: (_before, after) => {
      const to = (row: Row) =>
        row.kind === "mail" ? JSON.stringify((row.payload as { to: string[] }).to) : "";
      expect(rows(after, "jobs").some((row) => to(row).includes(SEEDED_ACCOUNTS.pending.email))).toBe(true);
    },
  },
  {
    name: "two-factor setup",
    routeId: "routes/account.two-factor",
    path: "/account/two-factor",
    // Before "sign out", which ends this session.
    as: "member",
    hydrated: true,
    fields: () => ({ intent: "start", password: SEEDED_PASSWORD }),
    changes: "stores a pending authenticator secret",
    changed: (_before, after, site) => {
      expect(rows(after, "two_factor").some((row) => row.userId === site.userIds.member)).toBe(true);
    },
  },
  {
    name: "account passkey challenge",
    routeId: "routes/account",
    path: "/account",
    // Before "sign out", which ends this session.
    as: "member",
    hydrated: true,
    fields: () => ({ intent: "passkey-options" }),
    changes: "stores a passkey registration challenge",
    changed: (before, after) => {
      const challenges = (snapshot: DatabaseSnapshot) =>
        rows(snapshot, "verification").filter((row) => String(row.value).includes('"type":"registration"'));
      expect(challenges(after).length).toBeGreaterThan(challenges(before).length);
    },
  },
  {
    name: "account remove passkey",
    routeId: "routes/account",
    path: "/account",
    as: "admin",
    hydrated: true,
    fields: () => ({ intent: "remove-passkey", id: SEEDED_PASSKEY_ID }),
    changes: "deletes the passkey",
    changed: (before, after) => {
      expect(rows(before, "passkey").some((row) => row.id === SEEDED_PASSKEY_ID)).toBe(true);
      expect(rows(after, "passkey").some((row) => row.id === SEEDED_PASSKEY_ID)).toBe(false);
    },
  },
  {
    name: "account change password",
    routeId: "routes/account",
    path: "/account",
    as: "owner",
    hydrated: true,
    fields: () => ({
      intent: "change-password",
      currentPassword: SEEDED_PASSWORD,
      password: "quartz ledger mango orbit 7",
      confirmPassword: "quartz ledger mango orbit 7",
    }),
    changes: "replaces the password hash and ends every earlier session",
    changed: (before, after, site) => {
      const hash = (snapshot: DatabaseSnapshot) =>
        rows(snapshot, "account").find((row) => row.userId === site.userIds.owner)?.password;
      expect(hash(after)).not.toBe(hash(before));
      const remaining = new Set(sessionIds(after, site.userIds.owner));
      expect(sessionIds(before, site.userIds.owner).filter((id) => remaining.has(id))).toEqual([]);
    },
  },
  {
    name: "account inquiry upload",
    routeId: "routes/account.inquiries.detail",
    path: `/account/inquiries/${ACCOUNT_CLIENT_ID}`,
    routePath: "/account/inquiries/:id",
    // Before "sign out", which ends this session.
    as: "member",
    hydrated: false,
    fields: () => ({ item: CLIENT_CHECKLIST.items[0]!.key }),
    file: {
      field: "file",
      name: "passport.pdf",
      type: "application/pdf",
      bytes: new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
    },
    changes: "keeps the account holder's document",
    changed: (_before, after, site) =>
      expect(rows(after, "uploads").some((row) => row.inquiry_id === site.inquiryIds.accountClient)).toBe(
        true,
      ),
  },
  {
    name: "sign out",
    routeId: "routes/auth.sign-out",
    path: "/auth/sign-out",
    as: "member",
    hydrated: false,
    fields: () => ({}),
    changes: "deletes the session",
    changed: (before, after, site) => {
      const remaining = new Set(sessionIds(after, site.userIds.member));
      expect(sessionIds(before, site.userIds.member).filter((id) => remaining.has(id))).toEqual([]);
    },
  },
  {
    name: "forgot password",
    routeId: "routes/auth.forgot-password",
    path: "/auth/forgot-password",
    as: null,
    hydrated: false,
    fields: () => ({ email: SEEDED_ACCOUNTS.member.email }),
    changes: "stores a reset token and queues its mail",
    changed: (_before, after, site) => {
      expect(rows(after, "verification").some((row) => row.value === site.userIds.member)).toBe(true);
    },
  },
  {
    name: "reset password",
    routeId: "routes/auth.reset-password",
    path: "/auth/reset-password",
    as: null,
    hydrated: false,
    fields: (site) => ({
      token: site.resetToken,
      password: "a brand new one",
      confirmPassword: "a brand new one",
    }),
    changes: "replaces the password hash and uses up the token",
    changed: (before, after, site) => {
      const hash = (snapshot: DatabaseSnapshot) =>
        rows(snapshot, "account").find((row) => row.userId === site.userIds.resetting)?.password;
      expect(hash(after)).not.toBe(hash(before));
    },
  },
  {
    name: "sign-in passkey challenge",
    routeId: "routes/auth.two-factor",
    path: "/auth/two-factor",
    // Before "sign-in code step", which uses up the challenge.
    as: "challenge",
    hydrated: true,
    fields: () => ({ intent: "passkey-options" }),
    changes: "stores a passkey sign-in challenge",
    changed: (before, after) => {
      const challenges = (snapshot: DatabaseSnapshot) =>
        rows(snapshot, "verification").filter((row) => String(row.value).includes('"type":"authentication"'));
      expect(challenges(after).length).toBeGreaterThan(challenges(before).length);
    },
  },
  {
    name: "sign-in code step",
    routeId: "routes/auth.two-factor",
    path: "/auth/two-factor",
    as: "challenge",
    hydrated: true,
    fields: (site) => ({ intent: "totp", code: totpCode(site.adminTotpSecret) }),
    changes: "creates a session that proved the second factor",
    changed: (before, after, site) => {
      const known = new Set(sessionIds(before, site.userIds.admin));
      const created = rows(after, "session").filter(
        (row) => row.userId === site.userIds.admin && !known.has(String(row.id)),
      );
      expect(created.map((row) => row.secondFactor)).toContain("totp");
    },
  },
  dashboard("mark-read", "unread", "sets read_at and read_by", (row, site) => {
    expect(row?.read_at).not.toBeNull();
    expect(row?.read_by).toBe(site.userIds.admin);
  }),
  dashboard("mark-unread", "read", "clears read_at", (row) => expect(row?.read_at).toBeNull()),
  dashboard("mark-spam", "genuine", "sets is_spam", (row) => expect(row?.is_spam).toBe(true)),
  dashboard("mark-not-spam", "spam", "clears is_spam", (row) => expect(row?.is_spam).toBe(false)),
  dashboard("delete", "doomed", "deletes the inquiry", (row) => expect(row).toBeUndefined()),
  {
    name: "rights request erase",
    routeId: "routes/dashboard.privacy",
    path: "/dashboard/privacy",
    as: "admin",
    hydrated: true,
    fields: () => ({ intent: "erase", email: INQUIRIES.erasable.email }),
    changes: "deletes everything held about the address and records the erasure",
    changed: (_before, after, site) => {
      expect(inquiryRow(after, site.inquiryIds.erasable)).toBeUndefined();
      expect(rows(after, "privacy_erasures").some((row) => row.kind === "rights-request")).toBe(true);
    },
  },
  {
    name: "delete account",
    routeId: "routes/account.delete",
    path: "/account/delete",
    as: "leaving",
    hydrated: true,
    fields: () => ({ password: SEEDED_PASSWORD }),
    changes: "deletes the user, its sessions and sign-in methods, and records the deletion",
    changed: (_before, after, site) => {
      expect(rows(after, "user").some((row) => row.id === site.userIds.leaving)).toBe(false);
      expect(rows(after, "session").some((row) => row.userId === site.userIds.leaving)).toBe(false);
      expect(rows(after, "privacy_erasures").some((row) => row.kind === "account-deletion")).toBe(true);
    },
  },
  dashboard(
    "save-notes",
    "annotated",
    "replaces admin_notes",
    (row) => expect(row?.admin_notes).toBe("Control note."),
    { notes: "Control note." },
  ),
  lead(
    "set-status",
    "leadStatus",
    "sets the lead status and the lost reason",
    (row) => {
      expect(row?.status).toBe("closed_lost");
      expect(row?.lost_reason).toBe("Went elsewhere");
    },
    () => ({ status: "closed_lost", lostReason: "Went elsewhere" }),
  ),
  lead(
    "assign",
    "leadAssign",
    "sets the owner",
    (row, _after, site) => expect(row?.assigned_to).toBe(site.userIds.admin),
    (site) => ({ assigneeId: site.userIds.admin }),
  ),
  lead("take", "leadTake", "makes the admin the owner", (row, _after, site) =>
    expect(row?.assigned_to).toBe(site.userIds.admin),
  ),
  lead(
    "reply",
    "leadReply",
    "stores a reply, queues its mail and sets first_replied_at",
    (row, after) => {
      expect(row?.first_replied_at).not.toBeNull();
      expect(rows(after, "inquiry_replies").some((reply) => reply.inquiry_id === row?.id)).toBe(true);
    },
    () => ({ subject: "Your inquiry", body: "Dear Rey,\n\nThank you." }),
  ),
  lead(
    "mark-replied",
    "leadReplied",
    "sets first_replied_at",
    (row) => expect(row?.first_replied_at).not.toBeNull(),
    () => ({ channel: "phone" }),
  ),
  lead(
    "confirm-message",
    "leadConfirm",
    "takes the held message as the lead's",
    (_row, after) =>
      expect(
        rows(after, "inquiry_messages").find((message) => message.id === HELD_MESSAGE_ID)?.held_reason,
      ).toBeNull(),
    () => ({ messageId: HELD_MESSAGE_ID }),
  ),
  // The lead page's own changes, after the desk's (InquiryPageActionSchema).
  lead("mark-read", "leadRead", "sets read_at and read_by", (row, _after, site) => {
    expect(row?.read_at).not.toBeNull();
    expect(row?.read_by).toBe(site.userIds.admin);
  }),
  lead("mark-unread", "leadUnread", "clears read_at", (row) => expect(row?.read_at).toBeNull()),
  lead("mark-spam", "leadSpam", "sets is_spam", (row) => expect(row?.is_spam).toBe(true)),
  lead("mark-not-spam", "leadNotSpam", "clears is_spam", (row) => expect(row?.is_spam).toBe(false)),
  lead(
    "save-notes",
    "leadNotes",
    "replaces admin_notes and keeps the text as a version",
    (row, after) => {
      expect(row?.admin_notes).toBe("Lead page note.");
      expect(
        rows(after, "inquiry_notes_versions").some(
          (version) => version.inquiry_id === row?.id && version.notes === "Lead page note.",
        ),
      ).toBe(true);
    },
    () => ({ notes: "Lead page note." }),
  ),
  lead(
    "delete",
    "leadDelete",
    "deletes the inquiry",
    (row) => expect(row).toBeUndefined(),
    () => ({
      confirm: DELETE_CONFIRMATION,
    }),
  ),
  {
    name: "lead draft save",
    routeId: "routes/dashboard.inquiries.draft",
    path: `${leadPath("leadDraft")}/draft`,
    routePath: `${LEAD_ROUTE_PATH}/draft`,
    as: "admin",
    // "Save draft" is a document request; saving as you type is a fetcher's (the attack test sends both).
    hydrated: false,
    fields: (site) => ({
      intent: "save-draft",
      id: site.inquiryIds.leadDraft,
      subject: "Draft subject",
      body: "Control draft.",
    }),
    changes: "keeps the admin's draft of the reply",
    changed: (_before, after, site) =>
      expect(
        rows(after, "reply_drafts").some(
          (row) => row.inquiry_id === site.inquiryIds.leadDraft && row.body === "Control draft.",
        ),
      ).toBe(true),
  },
  {
    name: "lead follow-up set",
    routeId: "routes/dashboard.inquiries.follow-up",
    path: `${leadPath("leadFollowUp")}/follow-up`,
    routePath: `${LEAD_ROUTE_PATH}/follow-up`,
    as: "admin",
    hydrated: false,
    fields: (site) => ({
      intent: "set-follow-up",
      id: site.inquiryIds.leadFollowUp,
      dueAt: "2030-01-02T10:00",
      text: "Control step",
      ownerId: site.userIds.admin,
    }),
    changes: "sets the lead's follow-up",
    changed: (_before, after, site) =>
      expect(
        rows(after, "follow_ups").some(
          (row) => row.inquiry_id === site.inquiryIds.leadFollowUp && row.text === "Control step",
        ),
      ).toBe(true),
  },
  {
    name: "rental request",
    routeId: "routes/equipment.detail",
    path: "/equipment/cat-320-excavator",
    routePath: "/equipment/:id",
    as: null,
    hydrated: false,
    fields: () => ({
      kind: "rent",
      // A week from today, for two weeks: within what the form accepts whenever the test runs.
      start_on: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      end_on: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      site_location: "Tarkwa",
      name: "Rita Rental",
      company: "",
      email: "rita.rental@example.test",
      phone: "",
      whatsapp: "",
      notes: "",
      [FORM_TOKEN_FIELD]: issueFormToken(SEEDED_SECRET, CONTACT_FORM_PURPOSE, Date.now() - 60_000),
    }),
    changes: "stores a rental request as an inquiry",
    changed: (_before, after) => {
      const stored = rows(after, "contact_submissions").find((row) => row.name === "Rita Rental");
      expect(rows(after, "equipment_requests").some((row) => row.inquiry_id === stored?.id)).toBe(true);
    },
  },
  {
    name: "catalogue reorder",
    routeId: "routes/dashboard.equipment",
    path: "/dashboard/equipment",
    as: "admin",
    hydrated: true,
    fields: () => ({ intent: "down", id: "cat-320-excavator" }),
    changes: "moves a machine down",
    changed: (_before, after) =>
      expect(rows(after, "equipment_items").find((row) => row.id === "cat-320-excavator")?.position).toBe(2),
  },
  {
    name: "catalogue add",
    routeId: "routes/dashboard.equipment.new",
    path: "/dashboard/equipment/new",
    as: "admin",
    hydrated: true,
    fields: () => ({
      name: "Control Loader",
      category: "excavators",
      description: "A control machine.",
      features: "",
      specs: "",
      image_alt: "Illustration of a loader",
      availability: "sale-only",
      day_rate_usd: "",
      week_rate_usd: "",
      month_rate_usd: "",
      hours_per_day: "",
      minimum_hire_count: "1",
      minimum_hire_unit: "week",
      sale_price_usd: "",
      next_available_on: "",
      location: "",
      condition: "",
      year: "",
      hour_meter: "",
      serial_number: "",
    }),
    changes: "adds a draft machine",
    changed: (_before, after) =>
      expect(rows(after, "equipment_items").some((row) => row.name === "Control Loader")).toBe(true),
  },
  {
    name: "catalogue publish",
    routeId: "routes/dashboard.equipment.detail",
    path: "/dashboard/equipment/komatsu-d65px-bulldozer",
    routePath: "/dashboard/equipment/:id",
    as: "admin",
    hydrated: true,
    fields: () => ({ intent: "unpublish" }),
    changes: "unpublishes a machine",
    changed: (_before, after) =>
      expect(rows(after, "equipment_items").find((row) => row.id === "komatsu-d65px-bulldozer")?.status).toBe(
        "draft",
      ),
  },
  {
    name: "catalogue photo",
    routeId: "routes/dashboard.equipment-photos",
    path: "/dashboard/equipment-photos/gold-wash-plant-150tph",
    routePath: "/dashboard/equipment-photos/:id",
    as: "admin",
    hydrated: true,
    fields: () => ({ alt: "Control photo of the wash plant" }),
    file: {
      field: "photo",
      name: "wash-plant.jpg",
      type: "image/jpeg",
      bytes: new Uint8Array(Buffer.from(TINY_JPEG_BASE64, "base64")),
    },
    changes: "adds a photo to a machine",
    changed: (_before, after) =>
      expect(
        rows(after, "equipment_photos").some((row) => row.alt === "Control photo of the wash plant"),
      ).toBe(true),
  },
  {
    name: "lead WhatsApp reply",
    routeId: "routes/dashboard.inquiries.whatsapp",
    path: `${leadPath("leadWhatsApp")}/whatsapp`,
    routePath: `${LEAD_ROUTE_PATH}/whatsapp`,
    as: "admin",
    hydrated: false,
    fields: (site) => ({
      intent: "whatsapp-text",
      id: site.inquiryIds.leadWhatsApp,
      body: "Control WhatsApp reply.",
    }),
    changes: "queues a WhatsApp reply",
    changed: (_before, after) =>
      expect(
        rows(after, "whatsapp_messages").some(
          (row) => row.direction === "out" && row.body === "Control WhatsApp reply.",
        ),
      ).toBe(true),
  },
  {
    name: "lead WhatsApp message move",
    routeId: "routes/dashboard.inquiries.whatsapp-move",
    path: `${leadPath("leadWhatsAppMove")}/whatsapp-move`,
    routePath: `${LEAD_ROUTE_PATH}/whatsapp-move`,
    as: "admin",
    hydrated: false,
    fields: (site) => ({
      intent: "whatsapp-move",
      id: site.inquiryIds.leadWhatsAppMove,
      messageId: WHATSAPP_MOVE_MESSAGE_ID,
      to: site.inquiryIds.leadWhatsApp,
    }),
    changes: "moves a WhatsApp message to another lead",
    changed: (_before, after, site) =>
      expect(
        rows(after, "whatsapp_messages").find((row) => row.id === WHATSAPP_MOVE_MESSAGE_ID)?.inquiry_id,
      ).toBe(site.inquiryIds.leadWhatsApp),
  },
  {
    name: "template add",
    routeId: "routes/dashboard.templates.new",
    path: "/dashboard/templates/new",
    as: "admin",
    hydrated: true,
    fields: () => ({ name: "Control template", subject: "About {{reference}}", body: "Dear {{name}}," }),
    changes: "adds a reply template",
    changed: (_before, after) =>
      expect(rows(after, "reply_templates").some((row) => row.name === "Control template")).toBe(true),
  },
  {
    name: "template save",
    routeId: "routes/dashboard.templates.detail",
    path: `/dashboard/templates/${SEEDED_TEMPLATE_UUIDS["not-offered"]}`,
    routePath: "/dashboard/templates/:id",
    as: "admin",
    hydrated: true,
    fields: () => ({
      intent: "save",
      name: "Not something we do",
      subject: "Control subject",
      body: "Sorry.",
    }),
    changes: "changes the template",
    changed: (_before, after) =>
      expect(rows(after, "reply_templates").some((row) => row.subject === "Control subject")).toBe(true),
  },
  {
    name: "WhatsApp template add",
    routeId: "routes/dashboard.templates.whatsapp-new",
    path: "/dashboard/templates/whatsapp/new",
    as: "admin",
    hydrated: true,
    fields: () => ({
      intent: "save",
      name: "control_template",
      language: "en",
      body: "Hello {{1}}.",
      parameters: "Name",
    }),
    changes: "adds a WhatsApp template",
    changed: (_before, after) =>
      expect(rows(after, "whatsapp_templates").some((row) => row.name === "control_template")).toBe(true),
  },
  {
    name: "WhatsApp template save",
    routeId: "routes/dashboard.templates.whatsapp-detail",
    path: `/dashboard/templates/whatsapp/${WHATSAPP_TEMPLATE_ID}`,
    routePath: "/dashboard/templates/whatsapp/:id",
    as: "admin",
    hydrated: true,
    fields: () => ({
      intent: "save",
      name: "lead_follow_up",
      language: "en_GB",
      body: "Control {{1}}.",
      parameters: "Name",
    }),
    changes: "changes the WhatsApp template",
    changed: (_before, after) =>
      expect(rows(after, "whatsapp_templates").some((row) => row.body === "Control {{1}}.")).toBe(true),
  },
  {
    name: "bulk mark-read",
    routeId: "routes/dashboard.bulk",
    path: "/dashboard/bulk",
    as: "admin",
    // A plain form: the page posts it as a document request.
    hydrated: false,
    fields: (site) => ({ intent: "bulk", action: "mark-read", scope: "selected", ids: site.inquiryIds.bulk }),
    changes: "marks the selected inquiries read",
    changed: (_before, after, site) =>
      expect(inquiryRow(after, site.inquiryIds.bulk)?.read_at).not.toBeNull(),
  },
  {
    name: "workspace layout choice",
    routeId: "routes/dashboard.layout-choice",
    path: "/dashboard/layout",
    as: "admin",
    // A plain form (it is remembered for the account), posted as a document request.
    hydrated: false,
    fields: () => ({ layout: "cards" }),
    changes: "stores the admin's inbox layout",
    changed: (_before, after) =>
      expect(rows(after, "workspace_preferences").some((row) => row.inbox_layout === "cards")).toBe(true),
  },
  {
    name: "saved view",
    routeId: "routes/dashboard.views",
    path: "/dashboard/views",
    as: "admin",
    hydrated: false,
    fields: () => ({ intent: "save", name: "Gold buyers", back: "interest=gold-buying" }),
    changes: "saves a named inbox view",
    changed: (_before, after) =>
      expect(rows(after, "saved_views").some((row) => row.name === "Gold buyers")).toBe(true),
  },
  {
    name: "lead KYC request",
    routeId: "routes/dashboard.inquiries.kyc",
    path: `${leadPath("leadKyc")}/kyc`,
    routePath: `${LEAD_ROUTE_PATH}/kyc`,
    as: "admin",
    hydrated: false,
    fields: () => ({ intent: "request", checklist: CLIENT_CHECKLIST.key }),
    changes: "asks the lead for KYC documents",
    changed: (_before, after, site) =>
      expect(rows(after, "kyc_requests").some((row) => row.inquiry_id === site.inquiryIds.leadKyc)).toBe(
        true,
      ),
  },
  {
    name: "lead sanctions decision",
    routeId: "routes/dashboard.inquiries.sanctions",
    path: `${leadPath("leadSanctions")}/sanctions`,
    routePath: `${LEAD_ROUTE_PATH}/sanctions`,
    as: "admin",
    hydrated: false,
    fields: (site) => ({
      intent: "sanctions-decision",
      id: site.inquiryIds.leadSanctions,
      candidateId: SANCTIONS_CANDIDATE_ID,
      decision: "false_positive",
      reason: "Another date of birth.",
    }),
    changes: "records a decision on a possible match",
    changed: (_before, after, site) =>
      expect(
        rows(after, "sanctions_decisions").some((row) => row.inquiry_id === site.inquiryIds.leadSanctions),
      ).toBe(true),
  },
  {
    name: "lead licence check",
    routeId: "routes/dashboard.inquiries.licence-checks",
    path: `${leadPath("leadLicence")}/licence-checks`,
    routePath: `${LEAD_ROUTE_PATH}/licence-checks`,
    as: "admin",
    hydrated: false,
    fields: (site) => ({
      intent: "licence-check",
      id: site.inquiryIds.leadLicence,
      licenceType: "small-scale-mining",
      licenceNumber: "MC/SSM/2024/117",
      holder: "Lena Licence",
      register: "minerals-commission",
      checkedOn: "2026-01-05",
      result: "valid",
      expiresOn: "2028-01-04",
    }),
    changes: "records a licence check",
    changed: (_before, after, site) =>
      expect(
        rows(after, "licence_checks").some((row) => row.inquiry_id === site.inquiryIds.leadLicence),
      ).toBe(true),
  },
  {
    name: "client upload",
    routeId: "routes/client",
    path: "/client",
    as: "client",
    hydrated: false,
    fields: () => ({ item: CLIENT_CHECKLIST.items[0]!.key }),
    file: {
      field: "file",
      name: "passport.pdf",
      type: "application/pdf",
      bytes: new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
    },
    changes: "keeps the client's document",
    changed: (_before, after, site) =>
      expect(rows(after, "uploads").some((row) => row.inquiry_id === site.inquiryIds.client)).toBe(true),
  },
];

/**
 * Better Auth's HTTP handler is not mounted (every auth request goes
 * through an action above). Were it mounted, these are the endpoints the
 * site's flows use, plus the account-changing ones it would expose.
 */
export const BETTER_AUTH_ENDPOINTS: {
  path: string;
  as: "admin" | "member" | null;
  body(site: Site): object;
}[] = [
  {
    path: "/api/auth/sign-up/email",
    as: null,
    body: () => ({ name: "Eve", email: "eve@example.test", password: "x".repeat(12) }),
  },
  {
    path: "/api/auth/sign-in/email",
    as: null,
    body: () => ({ email: SEEDED_ACCOUNTS.member.email, password: SEEDED_PASSWORD }),
  },
  { path: "/api/auth/sign-out", as: "member", body: () => ({}) },
  {
    path: "/api/auth/request-password-reset",
    as: null,
    body: () => ({ email: SEEDED_ACCOUNTS.member.email }),
  },
  {
    path: "/api/auth/reset-password",
    as: null,
    body: (site) => ({ token: site.resetToken, newPassword: "x".repeat(12) }),
  },
  {
    path: "/api/auth/send-verification-email",
    as: null,
    body: () => ({ email: SEEDED_ACCOUNTS.pending.email }),
  },
  {
    path: "/api/auth/change-password",
    as: "admin",
    body: () => ({ currentPassword: SEEDED_PASSWORD, newPassword: "x".repeat(12) }),
  },
  { path: "/api/auth/change-email", as: "admin", body: () => ({ newEmail: "eve@example.test" }) },
  { path: "/api/auth/update-user", as: "admin", body: () => ({ name: "Eve" }) },
  { path: "/api/auth/delete-user", as: "admin", body: () => ({ password: SEEDED_PASSWORD }) },
  { path: "/api/auth/revoke-sessions", as: "admin", body: () => ({}) },
  { path: "/api/auth/passkey/verify-registration", as: "admin", body: () => ({ response: {} }) },
  { path: "/api/auth/passkey/verify-authentication", as: null, body: () => ({ response: {} }) },
  { path: "/api/auth/passkey/delete-passkey", as: "admin", body: () => ({ id: SEEDED_PASSKEY_ID }) },
];

/**
 * Express's own routes: /metrics and the probes (GET only), the local backup
 * endpoint (no browser can call it: it needs a token derived from the auth
 * secret, server/backup.test.ts), all ahead of the CSRF guard, then React
 * Router behind it.
 */
export const EXPRESS_ROUTES = [
  "GET /metrics",
  "POST /_ops/backup",
  "GET /healthz",
  "GET /readyz",
  "ALL /{*splat}",
];
