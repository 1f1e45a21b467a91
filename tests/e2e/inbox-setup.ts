import fs from "node:fs";
import type { Browser, BrowserContext, BrowserContextOptions } from "@playwright/test";
import { eq } from "drizzle-orm";
import { passkey, user } from "../../db/schema";
import { createAuth, sessionCookieName } from "../../app/lib/auth/auth.server";
import { openDatabase } from "../../app/lib/db/db.server";
import { parseEnv } from "../../app/lib/env.server";
import {
  createAccount,
  insertInquiries,
  type NewInquiry,
  type SessionCookie,
  signInForCookie,
} from "../../app/lib/db/seed.server";
import { signInAdminWithTotp } from "../support/admin-session";
import { SEEDED_PASSWORD } from "../support/seeded-site";
import { type ServerProcess, spawnServer, testSiteEnv } from "../support/server-process";
import { createPgliteDataDir } from "../support/test-database";

export type { NewInquiry, SessionCookie };
export { cookieHeader } from "../../app/lib/db/seed.server";

export interface InboxServer {
  server: ServerProcess;
  url: string;
  /** The server's environment, to start it again on the same data and port. */
  env: Record<string, string>;
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
  stop(): Promise<void>;
}

const ACCOUNTS = [
  { key: "admin", name: "Ada Admin", email: "ada.admin@example.test", admin: true },
  { key: "member", name: "Max Member", email: "max.member@example.test", admin: false },
  {
    key: "adminWithoutSecondFactor",
    name: "Nell Nofactor",
    email: "nell.nofactor@example.test",
    admin: true,
  },
  { key: "adminStaleSession", name: "Stan Stale", email: "stan.stale@example.test", admin: true },
  { key: "adminPasskeyPasswordOnly", name: "Pat Passkey", email: "pat.passkey@example.test", admin: true },
] as const;

/**
 * A server of its own on a fresh embedded database, seeded before it starts
 * (PGlite allows one process at a time): an admin ("Ada Admin") signed in
 * with a second factor, a verified member, and the given inquiries.
 */
export async function startInboxServer(
  inquiries: NewInquiry[],
  /** Runs against the seeded database before the server starts (e.g. to break it). */
  prepare?: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>,
  /** Also seed the admins who have not proved a second factor, for the authorization matrix. */
  options: {
    secondFactorRoles?: boolean;
    /** Added to the server's environment (e.g. SMTP_URL to deliver to the e2e SMTP sink). */
    env?: Record<string, string>;
  } = {},
): Promise<InboxServer> {
  const dataDir = createPgliteDataDir("e2e-inbox-");
  const { url, env: envVars } = await testSiteEnv({
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "inbox-e2e-secret-0123456789-abcdefghijklmnop",
    CONTACT_RATE_LIMIT: "0",
    ...options.env,
  });
  const env = parseEnv(envVars);

  const database = await openDatabase({ kind: "pglite", dataDir });
  const cookies = {} as InboxServer["cookies"];
  try {
    // Each account costs password hashing: the extra admins only where asked for.
    const wanted = ACCOUNTS.filter(
      (account) => options.secondFactorRoles || account.key === "admin" || account.key === "member",
    );
    for (const { key: _key, ...account } of wanted) {
      await createAccount(database.db, env, { ...account, password: SEEDED_PASSWORD });
    }
    const passwordSession = (email: string) => signInForCookie(database.db, env, email, SEEDED_PASSWORD);
    const auth = createAuth(database.db, env);
    const name = sessionCookieName(env);
    // The dashboard needs a session that proved a second factor.
    const { cookie } = await signInAdminWithTotp(auth, name, {
      email: "ada.admin@example.test",
      password: SEEDED_PASSWORD,
    });
    cookies.admin = { name, value: cookie.slice(name.length + 1) };
    cookies.member = await passwordSession("max.member@example.test");
    if (options.secondFactorRoles) {
      // An admin who never set up a second factor, signed in with the password.
      cookies.adminWithoutSecondFactor = await passwordSession("nell.nofactor@example.test");
      // A password-only session from before the admin set up an authenticator.
      cookies.adminStaleSession = await passwordSession("stan.stale@example.test");
      const stan = await signInAdminWithTotp(auth, name, {
        email: "stan.stale@example.test",
        password: SEEDED_PASSWORD,
      });
      cookies.otherAdmin = { name, value: stan.cookie.slice(name.length + 1) };
      // An admin with a passkey (its key is never checked here), signed in with the password alone.
      cookies.adminPasskeyPasswordOnly = await passwordSession("pat.passkey@example.test");
      const [pat] = await database.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, "pat.passkey@example.test"));
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
    await insertInquiries(database.db, inquiries);
    await prepare?.(database);
  } finally {
    await database.close();
  }

  const server = await spawnServer(envVars);
  return {
    server,
    url,
    env: envVars,
    cookies,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser context on the inbox server, signed in as one of its seeded accounts. */
export async function signedInContext(
  browser: Browser,
  inbox: InboxServer,
  who: keyof InboxServer["cookies"] = "admin",
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: inbox.url, ...options });
  await context.addCookies([{ ...inbox.cookies[who], url: inbox.url }]);
  return context;
}
