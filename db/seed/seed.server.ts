/**
 * The one seeding module: accounts made through Better Auth's own API (so
 * the server accepts their passwords and sessions) and realistic inquiries.
 * `npm run db:seed`, the benchmarks and the test setups all use it.
 */
import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { contactSubmissions, jobs, user } from "../schema";
import { DEAL_SIZE_VALUES, INTEREST_VALUES, type Interest } from "~/content/inquiry-options";
import { createAuth, sessionCookieName } from "~/lib/auth/auth.server";
import type { Db } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import { grantAdmin, recordAdminPasswordLength } from "~/lib/auth/roles.server";

export type NewInquiry = typeof contactSubmissions.$inferInsert;

interface SeedAccount {
  name: string;
  email: string;
  password: string;
  /** Default true: the address counts as confirmed. */
  verified?: boolean;
  admin?: boolean;
}

/** Signs the account up as the sign-up form would, then verifies it and grants roles. Returns its id. */
export async function createAccount(db: Db, env: Env, account: SeedAccount): Promise<string> {
  const auth = createAuth(db, env);
  const { user: created } = await auth.api.signUpEmail({
    body: { name: account.name, email: account.email, password: account.password },
  });
  if (account.verified ?? true) {
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, created.id));
    // The verification mail sign-up queued is not needed any more.
    await db
      .delete(jobs)
      .where(
        and(
          eq(jobs.kind, "mail"),
          sql`${jobs.payload}->'to' @> ${JSON.stringify([account.email])}::jsonb`,
          isNull(jobs.done_at),
        ),
      );
  }
  if (account.admin) {
    await grantAdmin(db, account.email);
    // As a sign-in would: the seed knows the password.
    await recordAdminPasswordLength(db, created.id, account.password);
  }
  return created.id;
}

export interface SessionCookie {
  name: string;
  value: string;
}

/** Signs in through Better Auth and returns the session cookie the server will accept. */
export async function signInForCookie(
  db: Db,
  env: Env,
  email: string,
  password: string,
): Promise<SessionCookie> {
  const { headers } = await createAuth(db, env).api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  const name = sessionCookieName(env);
  const setCookie = headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  if (!setCookie) throw new Error(`no session cookie for ${email}`);
  return { name, value: setCookie.slice(name.length + 1).split(";")[0] ?? "" };
}

export function cookieHeader(cookie: SessionCookie): string {
  return `${cookie.name}=${cookie.value}`;
}

const PASSPHRASE_WORDS =
  "amber anvil basalt cobalt delta ember falcon granite harbor indigo jasper kestrel lantern meridian nickel obsidian pylon quarry raven sextant tundra umber vesper willow zephyr".split(
    " ",
  );

const RANDOM_CHARS = "abcdefghjkmnpqrstuvwxyz23456789";

/** A long random passphrase: four words around ten random characters, about 68 bits. */
export function generatePassphrase(): string {
  const word = () => PASSPHRASE_WORDS[crypto.randomInt(PASSPHRASE_WORDS.length)]!;
  const chars = Array.from({ length: 10 }, () => RANDOM_CHARS[crypto.randomInt(RANDOM_CHARS.length)]).join(
    "",
  );
  return [word(), word(), chars, word(), word()].join("-");
}

/** Deterministic pseudo-random numbers, so a seed gives the same rows every run. */
function randomSequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const FIRST_NAMES =
  "Kwame Ama Kofi Abena Yaw Akosua James Sarah Ahmed Fatima Chen Priya Lars Amara Tunde Olivia".split(" ");
const LAST_NAMES =
  "Mensah Owusu Boateng Asante Smith Okafor Haddad Nakamura Schmidt Patel Adeyemi Johansson".split(" ");
const COMPANIES = [
  "Ashanti Minerals Ltd",
  "Gulf Bullion Trading FZE",
  "Tarkwa Earthworks",
  "Northern Ridge Capital",
  "Volta Plant Hire",
  "Hamburg Precious Metals GmbH",
  "Obuasi Small-Scale Mining Co-op",
];
const REQUESTS: Record<Interest, string[]> = {
  "gold-buying": [
    "We are looking to buy doré bars on a recurring monthly basis. Please share your KYC requirements and assay arrangements.",
    "Our refinery client wants 20 kg of 22-carat gold. What export documents does the seller provide?",
  ],
  "gold-selling": [
    "I hold a small-scale mining licence in the Western Region and want to sell my monthly output through a licensed buyer.",
    "We have 5 kg of gold dust ready for assay. How do you handle PMMC valuation and export?",
  ],
  "equipment-rental": [
    "We need two excavators and a dozer for a six-month alluvial project near Tarkwa. Are operators included?",
    "Is a 50 tph wash plant available for rental from next month? Please quote weekly and monthly rates.",
  ],
  "equipment-purchase": [
    "Please quote a CAT 336 excavator delivered to Takoradi, with the service history.",
    "We want to buy a trommel and a sluice box for a new concession. What are the lead times?",
  ],
  "licensing-support": [
    "We are a foreign investor and need guidance on the Minerals Commission licensing process for a mining lease.",
    "Can you help us renew a small-scale mining licence that expires this quarter?",
  ],
  consultation: [
    "We would like an initial call about entering the Ghana gold market compliantly.",
    "Our board wants an overview of export regulations and the GoldBod framework before we commit.",
  ],
};
const NOTES = [
  "Called back, waiting for their KYC documents.",
  "Sent rate card; follow up on Friday.",
  "Referred to licensing partner in Accra.",
];

interface DemoInquiryOptions {
  count: number;
  /** Creation dates are spread between these. */
  from: Date;
  to: Date;
  /** Share of inquiries already read (default 0.6); the newest are the unread ones. */
  readShare?: number;
  /** Share flagged as spam (default 0.05). */
  spamShare?: number;
  seed?: number;
  /** The lead desk as use leaves it; without it every inquiry is new, unowned and unanswered. */
  desk?: DemoDeskOptions;
}

export interface DemoDeskOptions {
  /** Admins (existing user ids) that owned leads are assigned to, in turn at random. */
  ownerIds: readonly string[];
  /** Share of genuine inquiries with an owner (default 0.5). */
  ownedShare?: number;
  /** Share of genuine inquiries never answered (default 0.1); so are those whose reply would fall after `to`. */
  unansweredShare?: number;
}

const HOUR_MS = 3_600_000;
const LOST_REASONS = [
  "Went with another supplier.",
  "Budget not approved.",
  "Outside Ghana's licensing rules.",
];

/**
 * Owner, first reply and lead status of one genuine inquiry. Answered ones
 * were answered within 1–30 hours (so some broke the 24-hour promise) and
 * moved on; unanswered ones are still new.
 */
function deskState(desk: DemoDeskOptions, next: () => number, created: Date, to: Date): Partial<NewInquiry> {
  const { ownerIds, ownedShare = 0.5, unansweredShare = 0.1 } = desk;
  const owned = ownerIds.length > 0 && next() < ownedShare;
  const owner = owned ? (ownerIds[Math.floor(next() * ownerIds.length)] ?? null) : null;
  const assignment = owner ? { assigned_to: owner, assigned_at: new Date(created.getTime() + HOUR_MS) } : {};
  const repliedAt = new Date(created.getTime() + Math.floor((1 + next() * 29) * HOUR_MS));
  if (next() < unansweredShare || repliedAt > to) return assignment;
  const outcome = next();
  const status =
    outcome < 0.5 ? "contacted" : outcome < 0.7 ? "qualified" : outcome < 0.8 ? "closed_won" : "closed_lost";
  return {
    ...assignment,
    first_replied_at: repliedAt,
    status,
    status_changed_at: repliedAt,
    last_action_at: repliedAt,
    lost_reason: status === "closed_lost" ? LOST_REASONS[Math.floor(next() * LOST_REASONS.length)] : null,
  };
}

/**
 * Realistic inquiries, deterministic for a seed. Interests and deal sizes
 * take turns, so the first 42 rows hold every pair (and inquiries without a
 * deal size); some are read and some carry notes, a few are spam. With
 * `desk`, genuine ones also have owners, first replies and lead statuses.
 */
export function demoInquiries(options: DemoInquiryOptions): NewInquiry[] {
  const { count, from, to, readShare = 0.6, spamShare = 0.05, seed = 42, desk } = options;
  const next = randomSequence(seed);
  // A sequence of its own: the desk leaves the other columns as they were without it.
  const nextForDesk = randomSequence(seed + 1);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
  const span = to.getTime() - from.getTime();
  return Array.from({ length: count }, (_, n): NewInquiry => {
    const interest = INTEREST_VALUES[n % INTEREST_VALUES.length]!;
    const dealSizeIndex = Math.floor(n / INTEREST_VALUES.length) % (DEAL_SIZE_VALUES.length + 1);
    const created = new Date(from.getTime() + Math.floor(next() * span));
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const spam = next() < spamShare;
    const read = !spam && next() < readShare;
    const noted = read && next() < 0.3;
    return {
      name: spam ? "SEO Services" : `${first} ${last}`,
      company: next() < 0.6 ? pick(COMPANIES) : null,
      email: spam ? `offers${n}@spam.example.test` : `${first}.${last}.${n}@example.test`.toLowerCase(),
      phone: next() < 0.5 ? `+44 20 7946 ${String(n % 10_000).padStart(4, "0")}` : null,
      whatsapp: next() < 0.3 ? `+233 20 ${String(n % 1_000_000).padStart(6, "0")}` : null,
      interest,
      deal_size: DEAL_SIZE_VALUES[dealSizeIndex] ?? null,
      message: spam
        ? "Boost your website ranking today! Cheap backlinks, guaranteed first page."
        : pick(REQUESTS[interest]),
      created_at: created,
      read_at: read ? new Date(created.getTime() + 3_600_000) : null,
      admin_notes: noted ? pick(NOTES) : null,
      notes_updated_at: noted ? new Date(created.getTime() + 7_200_000) : null,
      is_spam: spam,
      ...(desk && !spam ? deskState(desk, nextForDesk, created, to) : {}),
    };
  });
}

/** Inserts in batches (Postgres allows 65,535 parameters a statement); returns the ids in order. */
export async function insertInquiries(db: Db, rows: NewInquiry[]): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; offset < rows.length; offset += 2_000) {
    const inserted = await db
      .insert(contactSubmissions)
      .values(rows.slice(offset, offset + 2_000))
      .returning({ id: contactSubmissions.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}
