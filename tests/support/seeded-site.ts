import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { contactSubmissions, mailOutbox, user, verification } from "../../db/schema";
import { createAuth, sessionCookieName } from "~/lib/auth.server";
import {
  createScratchPostgresDatabase,
  type DatabaseHandle,
  dropScratchPostgresDatabase,
  openDatabase,
} from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { grantAdmin } from "~/lib/roles.server";
import { signInAdminWithTotp } from "./admin-session";
import { type DatabaseSnapshot, snapshotDatabase } from "./db-snapshot";
import { freePort, type ServerProcess, spawnServer } from "./server-process";
import type { Backend } from "./test-database";

export const SEEDED_PASSWORD = "correct horse battery";
export const SEEDED_SECRET = "seeded-site-secret-0123456789-abcdefghijkl";

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

export type NewInquiry = typeof contactSubmissions.$inferInsert;

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
): Promise<SeededSite<Key>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seeded-site-"));
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  const databaseUrl =
    backend === "postgres" ? await createScratchPostgresDatabase(serverUrl, "seeded") : null;
  const open = () =>
    databaseUrl
      ? openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 2 })
      : openDatabase({ kind: "pglite", dataDir });

  const port = String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const envVars: Record<string, string> = {
    PORT: port,
    SITE_URL: url,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: SEEDED_SECRET,
    LOG_LEVEL: "warn",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extraEnv,
  };

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

async function seed<Key extends string>(
  database: DatabaseHandle,
  envVars: Record<string, string>,
  inquiries: Record<Key, NewInquiry>,
) {
  const { db } = database;
  const env = parseEnv(envVars);
  const auth = createAuth(db, env);
  const cookieName = sessionCookieName(env);
  const signIn = async (email: string) => {
    const { headers } = await auth.api.signInEmail({
      body: { email, password: SEEDED_PASSWORD },
      returnHeaders: true,
    });
    const setCookie = headers.getSetCookie().find((cookie) => cookie.startsWith(`${cookieName}=`));
    if (!setCookie) throw new Error(`no session cookie for ${email}`);
    return setCookie.split(";")[0] ?? "";
  };

  const userIds = {} as Record<keyof typeof SEEDED_ACCOUNTS, string>;
  for (const [key, account] of Object.entries(SEEDED_ACCOUNTS) as [
    keyof typeof SEEDED_ACCOUNTS,
    (typeof SEEDED_ACCOUNTS)[keyof typeof SEEDED_ACCOUNTS],
  ][]) {
    const { user: created } = await auth.api.signUpEmail({
      body: { name: account.name, email: account.email, password: SEEDED_PASSWORD },
    });
    userIds[key] = created.id;
    if (account.verified) await db.update(user).set({ emailVerified: true }).where(eq(user.id, created.id));
  }
  await grantAdmin(db, SEEDED_ACCOUNTS.admin.email);
  // The dashboard needs a session that proved a second factor.
  const admin = await signInAdminWithTotp(auth, cookieName, {
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

  await auth.api.requestPasswordReset({ body: { email: SEEDED_ACCOUNTS.resetting.email } });
  const [reset] = await db
    .select({ identifier: verification.identifier })
    .from(verification)
    .where(like(verification.identifier, "reset-password:%"));
  if (!reset) throw new Error("no password-reset token was stored");
  const resetToken = reset.identifier.slice("reset-password:".length);

  const inquiryIds = {} as Record<Key, string>;
  for (const [key, values] of Object.entries(inquiries) as [Key, NewInquiry][]) {
    const [row] = await db.insert(contactSubmissions).values(values).returning({ id: contactSubmissions.id });
    if (!row) throw new Error(`inquiry ${key} was not stored`);
    inquiryIds[key] = row.id;
  }

  // The seeding mail (verification links, the reset link) would be delivered
  // by the server's worker, changing rows while the test compares them.
  await db.delete(mailOutbox);
  return { cookies, userIds, inquiryIds, resetToken, adminTotpSecret: admin.secret };
}
