import fs from "node:fs";
import { openDatabase } from "../../app/lib/db.server";
import { parseEnv } from "../../app/lib/env.server";
import {
  createAccount,
  insertInquiries,
  type NewInquiry,
  type SessionCookie,
  signInForCookie,
} from "../../app/lib/seed.server";
import { SEEDED_PASSWORD } from "../support/seeded-site";
import { freePort, type ServerProcess, spawnServer } from "../support/server-process";
import { createPgliteDataDir } from "../support/test-database";

export type { NewInquiry, SessionCookie };
export { cookieHeader } from "../../app/lib/seed.server";

export interface InboxServer {
  server: ServerProcess;
  url: string;
  /** The server's environment, to start it again on the same data and port. */
  env: Record<string, string>;
  /** Session cookies, by account. */
  cookies: { admin: SessionCookie; member: SessionCookie };
  stop(): Promise<void>;
}

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
): Promise<InboxServer> {
  const dataDir = createPgliteDataDir("e2e-inbox-");
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
    const accounts = [
      { key: "admin", name: "Ada Admin", email: "ada.admin@example.test", admin: true },
      { key: "member", name: "Max Member", email: "max.member@example.test", admin: false },
    ] as const;
    for (const { key, ...account } of accounts) {
      await createAccount(database.db, env, { ...account, password: SEEDED_PASSWORD });
      cookies[key] = await signInForCookie(database.db, env, account.email, SEEDED_PASSWORD);
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
