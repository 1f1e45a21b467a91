import fs from "node:fs";
import { eq } from "drizzle-orm";
import { contactSubmissions, passkey, savedViews, user, workspacePreferences } from "../../db/schema";
import { createAuth, sessionCookieName } from "../../app/lib/auth/auth.server";
import { openDatabase } from "../../app/lib/db/db.server";
import { lockJobsOfInquiries } from "../../app/lib/jobs/lock-inquiry-jobs.server";
import { type Env, parseEnv } from "../../app/lib/env.server";
import {
  createAccount,
  insertInquiries,
  type NewInquiry,
  type SessionCookie,
  signInForCookie,
} from "../../db/seed/seed.server";
import { signInAdminWithTotp } from "../support/admin-session";
import { createScratchPostgresDatabase, dropScratchPostgresDatabase } from "../support/scratch-postgres";
import { SEEDED_PASSWORD } from "../support/seeded-site";
import { type ServerProcess, spawnServer, testSiteEnv } from "../support/server-process";
import { createPgliteDataDir } from "../support/test-database";
import { INBOX_ACCOUNTS } from "./support/accounts";

export type { NewInquiry };
export { cookieHeader } from "../../db/seed/seed.server";

export interface InboxServer {
  /** The running process (on the embedded database, a new one after each `seed`). */
  server: ServerProcess;
  url: string;
  /** The server's environment, to start it again on the same data and port. */
  env: Record<string, string>;
  /** User ids, by account (only those seeded). */
  accountIds: Partial<Record<keyof typeof INBOX_ACCOUNTS, string>>;
  /** Session cookies, by account. */
  cookies: {
    admin: SessionCookie;
    member: SessionCookie;
    /** An admin signed in with a password who has no second factor. */
    adminWithoutSecondFactor: SessionCookie;
    /** An admin with an authenticator, in a session signed in before it was set up. */
    adminStaleSession: SessionCookie;
    /** An admin whose second factor is a passkey, in a session signed in with the password alone. */
    adminPasskeyPasswordOnly: SessionCookie;
    /** Stan Stale's own session after setting up an authenticator: a second admin at the desk. */
    otherAdmin: SessionCookie;
  };
  /**
   * Empties the inbox and seeds these inquiries, so a test starts from its
   * own data whatever ran before it on this server; the accounts stay (the
   * member is made again if a test deleted it).
   */
  seed(inquiries: NewInquiry[], prepare?: Prepare): Promise<void>;
  /** Runs against the server's database (on the embedded one, with the server stopped meanwhile). */
  write(change: Prepare): Promise<void>;
  stop(): Promise<void>;
}

export type Database = Awaited<ReturnType<typeof openDatabase>>;
type Prepare = (database: Database) => Promise<void>;

export const INBOX_FORM_SECRET = "inbox-e2e-secret-0123456789-abcdefghijklmnop";

/**
 * A server of its own: an admin ("Ada Admin") signed in with a second
 * factor, a verified member, and the given inquiries. On the embedded
 * database (the default) it is seeded before it starts, since PGlite allows
 * one process at a time, and `seed` restarts it; on Postgres (`postgresUrl`,
 * a server to make a scratch database on) `seed` writes beside the running
 * server.
 */
export async function startInboxServer(
  inquiries: NewInquiry[],
  /** Runs against the seeded database before the server starts (e.g. to break it). */
  prepare?: Prepare,
  /** Also seed the admins who have not proved a second factor, for the authorization matrix. */
  options: {
    secondFactorRoles?: boolean;
    /** Added to the server's environment (e.g. SMTP_URL to deliver to the e2e SMTP sink). */
    env?: Record<string, string>;
    postgresUrl?: string;
  } = {},
): Promise<InboxServer> {
  const dataDir = createPgliteDataDir("e2e-inbox-");
  const postgresUrl = options.postgresUrl
    ? await createScratchPostgresDatabase(options.postgresUrl, "e2e_inbox")
    : undefined;
  const { url, env: envVars } = await testSiteEnv({
    DATA_DIR: dataDir,
    ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
    BETTER_AUTH_SECRET: INBOX_FORM_SECRET,
    CONTACT_RATE_LIMIT: "0",
    ...options.env,
  });
  const env = parseEnv(envVars);
  const open = () =>
    postgresUrl
      ? openDatabase({ kind: "postgres", url: postgresUrl, poolSize: 2 })
      : openDatabase({ kind: "pglite", dataDir });

  const database = await open();
  const cookies = {} as InboxServer["cookies"];
  const accountIds: InboxServer["accountIds"] = {};
  try {
    await seedAccounts(database, env, { cookies, accountIds }, options.secondFactorRoles ?? false);
    await insertInquiries(database.db, inquiries);
    await prepare?.(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  // Postgres takes the test's writes while the server runs; PGlite is the server's alone.
  const shared = postgresUrl ? database : undefined;
  if (!shared) await database.close();

  let server = await spawnServer(envVars);
  const write = async (change: Prepare) => {
    if (shared) return change(shared);
    await server.stop();
    const own = await open();
    try {
      await change(own);
    } finally {
      await own.close();
    }
    server = await spawnServer(envVars);
  };
  return {
    get server() {
      return server;
    },
    set server(next) {
      server = next;
    },
    url,
    env: envVars,
    accountIds,
    cookies,
    async seed(rows, prepareSeed) {
      await write(async (db) => {
        // The server's job worker may be finishing one of their mails: take the
        // jobs' locks first, in the order the app's own deletes do.
        await db.db.transaction(async (tx) => {
          await lockJobsOfInquiries(tx, undefined);
          await tx.delete(contactSubmissions);
        });
        // The workspace's choices start afresh too: a test's layout or saved view is its own.
        await db.db.delete(workspacePreferences);
        await db.db.delete(savedViews);
        await recreateMember(db, env, { cookies, accountIds });
        await insertInquiries(db.db, rows);
        await prepareSeed?.(db);
      });
    },
    write,
    async stop() {
      await server.stop();
      await shared?.close();
      if (postgresUrl && options.postgresUrl)
        await dropScratchPostgresDatabase(options.postgresUrl, postgresUrl);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Accounts = Pick<InboxServer, "cookies" | "accountIds">;

async function seedAccounts(
  database: Database,
  env: Env,
  { cookies, accountIds }: Accounts,
  secondFactorRoles: boolean,
): Promise<void> {
  // Each account costs password hashing: the extra admins only where asked for.
  const wanted = Object.entries(INBOX_ACCOUNTS).filter(
    ([key]) => secondFactorRoles || key === "admin" || key === "member",
  );
  for (const [key, account] of wanted) {
    accountIds[key as keyof typeof INBOX_ACCOUNTS] = await createAccount(database.db, env, {
      ...account,
      password: SEEDED_PASSWORD,
    });
  }
  const passwordSession = (email: string) => signInForCookie(database.db, env, email, SEEDED_PASSWORD);
  const auth = createAuth(database.db, env);
  const name = sessionCookieName(env);
  // The dashboard needs a session that proved a second factor.
  const { cookie } = await signInAdminWithTotp(auth, name, {
    email: INBOX_ACCOUNTS.admin.email,
    password: SEEDED_PASSWORD,
  });
  cookies.admin = { name, value: cookie.slice(name.length + 1) };
  cookies.member = await passwordSession(INBOX_ACCOUNTS.member.email);
  if (!secondFactorRoles) return;
  // An admin who never set up a second factor, signed in with the password.
  cookies.adminWithoutSecondFactor = await passwordSession(INBOX_ACCOUNTS.adminWithoutSecondFactor.email);
  // A password-only session from before the admin set up an authenticator.
  cookies.adminStaleSession = await passwordSession(INBOX_ACCOUNTS.adminStaleSession.email);
  const stan = await signInAdminWithTotp(auth, name, {
    email: INBOX_ACCOUNTS.adminStaleSession.email,
    password: SEEDED_PASSWORD,
  });
  cookies.otherAdmin = { name, value: stan.cookie.slice(name.length + 1) };
  // An admin with a passkey (its key is never checked here), signed in with the password alone.
  cookies.adminPasskeyPasswordOnly = await passwordSession(INBOX_ACCOUNTS.adminPasskeyPasswordOnly.email);
  const [pat] = await database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, INBOX_ACCOUNTS.adminPasskeyPasswordOnly.email));
  await database.db.insert(passkey).values({
    id: "pat-passkey",
    publicKey: "cHVibGlj",
    userId: pat!.id,
    credentialID: "pat-credential",
    counter: 0,
    deviceType: "singleDevice",
    backedUp: false,
  });
}

/** A test may delete the member's account: the next one gets it back, with a new session. */
async function recreateMember(database: Database, env: Env, { cookies, accountIds }: Accounts) {
  const { email } = INBOX_ACCOUNTS.member;
  const [found] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (found) return;
  accountIds.member = await createAccount(database.db, env, {
    ...INBOX_ACCOUNTS.member,
    password: SEEDED_PASSWORD,
  });
  cookies.member = await signInForCookie(database.db, env, email, SEEDED_PASSWORD);
}
