import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { contactSubmissions, user } from "../../db/schema";
import { createAuth, sessionCookieName } from "../../app/lib/auth.server";
import { openDatabase } from "../../app/lib/db.server";
import { parseEnv } from "../../app/lib/env.server";
import { grantAdmin } from "../../app/lib/roles.server";
import { signInAdminWithTotp } from "../support/admin-session";
import { freePort, type ServerProcess, spawnServer } from "../support/server-process";

export type NewInquiry = typeof contactSubmissions.$inferInsert;

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
  };
  stop(): Promise<void>;
}

export interface SessionCookie {
  name: string;
  value: string;
}

export const PASSWORD = "correct horse battery";

/**
 * A server of its own on a fresh embedded database, seeded before it starts
 * (PGlite allows one process at a time): an admin ("Ada Admin") and a
 * verified member, each signed in through Better Auth's own API, and the
 * given inquiries.
 */
export async function startInboxServer(
  inquiries: NewInquiry[],
  /** Runs against the seeded database before the server starts (e.g. to break it). */
  prepare?: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>,
  /** Also seed the admins who have not proved a second factor, for the authorization matrix. */
  options: { secondFactorRoles?: boolean } = {},
): Promise<InboxServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-inbox-"));
  const port = String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const envVars: Record<string, string> = {
    PORT: port,
    SITE_URL: url,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "inbox-e2e-secret-0123456789-abcdefghijklmnop",
    CONTACT_RATE_LIMIT: "0",
    LOG_LEVEL: "warn",
  };
  const env = parseEnv(envVars);

  const database = await openDatabase({ kind: "pglite", dataDir });
  const cookies = {} as InboxServer["cookies"];
  try {
    const auth = createAuth(database.db, env);
    const name = sessionCookieName(env);
    const cookieOf = (headers: Headers, email: string): SessionCookie => {
      const setCookie = headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
      if (!setCookie) throw new Error(`no session cookie for ${email}`);
      return { name, value: setCookie.slice(name.length + 1).split(";")[0] ?? "" };
    };
    const passwordSession = async (email: string) =>
      cookieOf(
        (await auth.api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true })).headers,
        email,
      );
    const accounts = [
      { key: "admin", name: "Ada Admin", email: "ada.admin@example.test", admin: true },
      { key: "member", name: "Max Member", email: "max.member@example.test", admin: false },
      {
        key: "adminWithoutSecondFactor",
        name: "Nell Nofactor",
        email: "nell.nofactor@example.test",
        admin: true,
      },
      { key: "adminStaleSession", name: "Stan Stale", email: "stan.stale@example.test", admin: true },
    ] as const;
    // Each account costs password hashing: the extra admins only where asked for.
    const wanted = accounts.filter(
      (account) => options.secondFactorRoles || account.key === "admin" || account.key === "member",
    );
    for (const account of wanted) {
      await auth.api.signUpEmail({ body: { name: account.name, email: account.email, password: PASSWORD } });
      await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, account.email));
      if (account.admin) await grantAdmin(database.db, account.email);
    }
    // The dashboard needs a session that proved a second factor.
    const { cookie } = await signInAdminWithTotp(auth, name, {
      email: "ada.admin@example.test",
      password: PASSWORD,
    });
    cookies.admin = { name, value: cookie.slice(name.length + 1) };
    cookies.member = await passwordSession("max.member@example.test");
    if (options.secondFactorRoles) {
      // An admin who never set up a second factor, signed in with the password.
      cookies.adminWithoutSecondFactor = await passwordSession("nell.nofactor@example.test");
      // A password-only session from before the admin set up an authenticator.
      cookies.adminStaleSession = await passwordSession("stan.stale@example.test");
      await signInAdminWithTotp(auth, name, { email: "stan.stale@example.test", password: PASSWORD });
    }
    if (inquiries.length > 0) await database.db.insert(contactSubmissions).values(inquiries);
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

export function cookieHeader(cookie: SessionCookie): string {
  return `${cookie.name}=${cookie.value}`;
}
