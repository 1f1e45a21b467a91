import fs from "node:fs";
import { like } from "drizzle-orm";
import { jobs, passkey, verification } from "../../db/schema";
import { createAuth, sessionCookieName } from "~/lib/auth/auth.server";
import { type DatabaseHandle, openDatabase } from "~/lib/db/db.server";
import { createScratchPostgresDatabase, dropScratchPostgresDatabase } from "./scratch-postgres";
import { type Env, parseEnv } from "~/lib/env.server";
import { morningDigestJob } from "~/lib/inquiries/desk-schedule.server";
import { latestScheduledTime, scheduledKinds, scheduledRunKey } from "~/lib/jobs/job-scheduler.server";
import { weeklyReportJob } from "~/lib/reports/weekly-report-mail.server";
import { signInAdminWithTotp } from "./admin-session";
import {
  cookieHeader,
  createAccount,
  insertInquiries,
  type NewInquiry,
  signInForCookie,
} from "../../db/seed/seed.server";
import { type DatabaseSnapshot, snapshotDatabase } from "./db-snapshot";
import { type ServerProcess, spawnServer, testSiteEnv } from "./server-process";
import { type Backend, createPgliteDataDir } from "./test-database";

/** Strong enough for any password-strength rule. */
export const SEEDED_PASSWORD = "amber-quarry-k7q2m9xw4r-lantern-vesper";
export const SEEDED_SECRET = "seeded-site-secret-0123456789-abcdefghijkl";

/** The admin's passkey row. */
export const SEEDED_PASSKEY_ID = "seeded-passkey";

/** Who exists before the server starts, and in what state. */
export const SEEDED_ACCOUNTS = {
  admin: { name: "Ada Admin", email: "ada.admin@example.test", verified: true },
  member: { name: "Max Member", email: "max.member@example.test", verified: true },
  /** Signed up, never verified: what "send the link again" is for. */
  pending: { name: "Paula Pending", email: "paula.pending@example.test", verified: false },
  /** Has asked for a password reset; the token is in `resetToken`. */
  resetting: { name: "Rita Reset", email: "rita.reset@example.test", verified: true },
  /** Signed in, to delete the account (/account/delete). */
  leaving: { name: "Lee Leaving", email: "lee.leaving@example.test", verified: true },
  /** Signed in twice (two devices): changes the password on the account page. */
  owner: { name: "Olga Owner", email: "olga.owner@example.test", verified: true },
} as const;

export type { NewInquiry };

export interface SeededSite<Key extends string> {
  readonly backend: Backend;
  readonly url: string;
  /** The server's environment (DATA_DIR, DATABASE_URL, BETTER_AUTH_SECRET...). */
  readonly env: Readonly<Record<string, string>>;
  /** `Cookie` header values carrying a session, for the accounts signed in. */
  readonly cookies: { admin: string; member: string; leaving: string; challenge: string; owner: string };
  /** The admin's authenticator secret (base32). */
  readonly adminTotpSecret: string;
  readonly userIds: Record<keyof typeof SEEDED_ACCOUNTS, string>;
  readonly inquiryIds: Record<Key, string>;
  /** A valid, unused password-reset token of the `resetting` account. */
  readonly resetToken: string;
  /** The database as seeded, taken before the server started. */
  readonly initial: DatabaseSnapshot;
  /** Every table now. The embedded database is locked by the server, which is stopped for it. */
  snapshot(options?: { restart?: boolean }): Promise<DatabaseSnapshot>;
  stop(): Promise<void>;
}

/**
 * The production server on a database of its own (embedded PGlite, or a
 * scratch database on TEST_DATABASE_URL's server), seeded through Better
 * Auth's own API before it starts, and readable table by table.
 */
export async function startSeededSite<Key extends string>(
  backend: Backend,
  inquiries: Record<Key, NewInquiry>,
  /** More server environment, e.g. CONTACT_RATE_LIMIT for many submissions from one address. */
  extraEnv: Record<string, string> = {},
  /** More rows, written before the server starts (the embedded database admits one process). */
  prepare?: (db: DatabaseHandle["db"], inquiryIds: Record<Key, string>) => Promise<void>,
): Promise<SeededSite<Key>> {
  const dataDir = createPgliteDataDir("seeded-site-");
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  // Under Vitest, a copy of the run's migrated template (tests/support/postgres-template.ts).
  const databaseUrl =
    backend === "postgres"
      ? await createScratchPostgresDatabase(serverUrl, "seeded", process.env.POSTGRES_TEMPLATE_DATABASE)
      : null;
  const open = () =>
    databaseUrl
      ? openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 2 })
      : openDatabase({ kind: "pglite", dataDir });

  const { url, env: envVars } = await testSiteEnv({
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: SEEDED_SECRET,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extraEnv,
  });

  let database: DatabaseHandle | null = await open();
  let server: ServerProcess | null = null;
  const dispose = async () => {
    await server?.stop();
    await database?.close();
    if (databaseUrl) await dropScratchPostgresDatabase(serverUrl, databaseUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const seeded = await seed(database, envVars, inquiries);
    await prepare?.(database.db, seeded.inquiryIds);
    await claimClockDrivenJobs(database, parseEnv(envVars));
    const initial = await snapshotDatabase(database.db);
    // PGlite admits one process; Postgres stays open to be read while the server runs.
    if (!databaseUrl) {
      await database.close();
      database = null;
    }
    server = await spawnServer(envVars);

    return {
      backend,
      url,
      env: envVars,
      ...seeded,
      initial,
      async snapshot({ restart = true } = {}) {
        if (database) return snapshotDatabase(database.db);
        const code = await server?.stop();
        if (code !== 0) throw new Error(`server exited with ${code}:\n${server?.stderr()}`);
        server = null;
        const handle = await open();
        try {
          return await snapshotDatabase(handle.db);
        } finally {
          await handle.close();
          if (restart) server = await spawnServer(envVars);
        }
      },
      stop: dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * The daily and weekly mails start on the clock, not on a request: their
 * runs due last and next (and the one after) are marked done before the
 * server starts, so what the suites see in the tables is what their
 * requests did, whatever the hour.
 */
async function claimClockDrivenJobs(database: DatabaseHandle, env: Env): Promise<void> {
  const now = new Date();
  const rows = scheduledKinds([morningDigestJob, weeklyReportJob], env).flatMap(({ kind, times }) =>
    [latestScheduledTime(times, now), ...times.nextRuns(2, now)].flatMap((at) =>
      at
        ? [
            {
              kind: kind.kind,
              payload: { scheduledFor: at.toISOString() },
              unique_key: scheduledRunKey(kind.kind, at),
              done_at: now,
            },
          ]
        : [],
    ),
  );
  await database.db.insert(jobs).values(rows).onConflictDoNothing();
}

async function seed<Key extends string>(
  database: DatabaseHandle,
  envVars: Record<string, string>,
  inquiries: Record<Key, NewInquiry>,
) {
  const { db } = database;
  const env = parseEnv(envVars);
  const auth = createAuth(db, env);
  const signIn = async (email: string) =>
    cookieHeader(await signInForCookie(db, env, email, SEEDED_PASSWORD));

  const userIds = {} as Record<keyof typeof SEEDED_ACCOUNTS, string>;
  for (const [key, account] of Object.entries(SEEDED_ACCOUNTS) as [
    keyof typeof SEEDED_ACCOUNTS,
    (typeof SEEDED_ACCOUNTS)[keyof typeof SEEDED_ACCOUNTS],
  ][]) {
    userIds[key] = await createAccount(db, env, {
      ...account,
      password: SEEDED_PASSWORD,
      admin: key === "admin",
    });
  }
  // The dashboard needs a session that proved a second factor.
  const admin = await signInAdminWithTotp(auth, sessionCookieName(env), {
    email: SEEDED_ACCOUNTS.admin.email,
    password: SEEDED_PASSWORD,
  });
  // The admin's password step done, the code step pending (Better Auth's challenge cookie).
  const challenged = await auth.api.signInEmail({
    body: { email: SEEDED_ACCOUNTS.admin.email, password: SEEDED_PASSWORD },
    returnHeaders: true,
  });
  const challenge = challenged.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("better-auth.two_factor="));
  if (!challenge) throw new Error("no two-factor challenge cookie");
  const cookies = {
    admin: admin.cookie,
    member: await signIn(SEEDED_ACCOUNTS.member.email),
    leaving: await signIn(SEEDED_ACCOUNTS.leaving.email),
    challenge: challenge.split(";")[0] ?? "",
    owner: await signIn(SEEDED_ACCOUNTS.owner.email),
  };
  // The owner's other device.
  await signIn(SEEDED_ACCOUNTS.owner.email);
  // A passkey of the admin, besides the authenticator (its key material is never checked here).
  await db.insert(passkey).values({
    id: SEEDED_PASSKEY_ID,
    name: "Seeded key",
    publicKey: "cHVibGljLWtleQ",
    userId: userIds.admin,
    credentialID: "seeded-credential",
    counter: 0,
    deviceType: "singleDevice",
    backedUp: false,
  });

  await auth.api.requestPasswordReset({ body: { email: SEEDED_ACCOUNTS.resetting.email } });
  const [reset] = await db
    .select({ identifier: verification.identifier })
    .from(verification)
    .where(like(verification.identifier, "reset-password:%"));
  if (!reset) throw new Error("no password-reset token was stored");
  const resetToken = reset.identifier.slice("reset-password:".length);

  const keys = Object.keys(inquiries) as Key[];
  const ids = await insertInquiries(
    db,
    keys.map((key) => inquiries[key]),
  );
  const inquiryIds = Object.fromEntries(keys.map((key, i) => [key, ids[i]!])) as Record<Key, string>;

  // The seeding mail (verification links, the reset link) would be delivered
  // by the server's job worker, changing rows while the test compares them.
  await db.delete(jobs);
  return { cookies, userIds, inquiryIds, resetToken, adminTotpSecret: admin.secret };
}
