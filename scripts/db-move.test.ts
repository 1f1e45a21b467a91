import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, jobs, session, twoFactor, user } from "../db/schema";
import { createAuth, sessionCookieName } from "~/lib/auth/auth.server";
import { resolveAuthSecret } from "~/lib/auth/auth-secret.server";
import { acquireDataDirLock } from "~/lib/db/data-dir-lock.server";
import { type Db, openDatabase } from "~/lib/db/db.server";
import { createAccount, demoInquiries, insertInquiries } from "../db/seed/seed.server";
import { parseEnv } from "~/lib/env.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { type PrivatePostgres, startPrivatePostgres } from "../tests/support/private-postgres";
import { signInAdminWithTotp } from "../tests/support/admin-session";
import {
  createScratchPostgresDatabase,
  dropScratchPostgresDatabase,
} from "../tests/support/scratch-postgres";
import { totpCode } from "../tests/support/totp";
import { runDbMove } from "./db-move-command";

const TSX = path.resolve("node_modules/.bin/tsx");

function runMove(dataDir: string, url: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(TSX, ["scripts/db-move.ts", url], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // "close", not "exit": the output may still be in the pipes when the process has exited.
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The same command in this process, for the refusals: what it prints and its exit code. */
async function moveInProcess(dataDir: string, url: string) {
  let stdout = "";
  let stderr = "";
  const code = await runDbMove(
    url,
    { DATA_DIR: dataDir },
    {
      log: (line) => (stdout += `${line}\n`),
      error: (line) => (stderr += `${line}\n`),
    },
  );
  return { code, stdout, stderr };
}

async function counts(db: Db) {
  const of = async (table: Parameters<ReturnType<Db["select"]>["from"]>[0]) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    accounts: await of(user),
    secondFactors: await of(twoFactor),
    sessions: await of(session),
    inquiries: await of(contactSubmissions),
    mail: await of(jobs),
  };
}

const admin = { name: "Ada Admin", email: "ada@example.test", password: "amber-falcon-quarry-7x2k9m-raven" };

// The moves need a PostgreSQL server: TEST_DATABASE_URL's where it is set (as
// in CI), else a private one this suite starts, so a fresh clone runs it too.
describe("npm run db:move", { timeout: 240_000 }, () => {
  let serverUrl: string;
  let privatePostgres: PrivatePostgres | undefined;
  let root: string;
  let dataDir: string;
  let secret: string;
  let totpSecret: string;
  let seeded: Awaited<ReturnType<typeof counts>>;
  const scratch: string[] = [];
  const scratchDatabase = async () => {
    const url = await createScratchPostgresDatabase(serverUrl, "db_move");
    scratch.push(url);
    return url;
  };

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) serverUrl = process.env.TEST_DATABASE_URL;
    else {
      privatePostgres = await startPrivatePostgres();
      serverUrl = privatePostgres.url;
    }
    root = fs.mkdtempSync(path.join(os.tmpdir(), "db-move-"));
    dataDir = path.join(root, "data");
    // The secret the server would generate on its first start.
    secret = resolveAuthSecret(parseEnv({ DATA_DIR: dataDir }));
    const env = parseEnv({
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: secret,
      SITE_URL: "http://127.0.0.1:4999",
    });
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      const adminId = await createAccount(database.db, env, { ...admin, admin: true });
      // An authenticator, sealed with the auth secret, and the sessions that enrolled it.
      ({ secret: totpSecret } = await signInAdminWithTotp(
        createAuth(database.db, env),
        sessionCookieName(env),
        admin,
      ));
      await insertInquiries(
        database.db,
        demoInquiries({
          count: 40,
          from: new Date(Date.now() - 20 * 86_400_000),
          to: new Date(),
          desk: { ownerIds: [adminId] },
        }),
      );
      await enqueueMail(database.db, {
        kind: "test",
        to: "ama@example.test",
        subject: "Your inquiry",
        text: "Thank you.",
        html: "<p>Thank you.</p>",
      });
      seeded = await counts(database.db);
    } finally {
      await database.close();
    }
    expect(seeded).toMatchObject({ accounts: 1, secondFactors: 1, inquiries: 40 });
    expect(seeded.mail).toBeGreaterThan(0);
  });
  afterAll(async () => {
    for (const url of scratch) await dropScratchPostgresDatabase(serverUrl, url);
    await privatePostgres?.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("refuses a database that is not empty, and changes nothing there", async () => {
    const url = await scratchDatabase();
    const target = await openDatabase({ kind: "postgres", url, poolSize: 1 });
    await target.db.execute(sql`create table notes (body text)`);
    await target.db.execute(sql`insert into notes values ('theirs')`);
    await target.close();

    const { code, stderr } = await moveInProcess(dataDir, url);
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^The PostgreSQL database is not empty \(\d+ tables\)\./);

    const after = await openDatabase({ kind: "postgres", url, poolSize: 1 });
    try {
      expect((await after.db.execute(sql`select body from notes`)).rows).toEqual([{ body: "theirs" }]);
      expect((await counts(after.db)).accounts).toBe(0);
    } finally {
      await after.close();
    }
  });

  it("refuses while a server has the data directory open", async () => {
    const url = await scratchDatabase();
    const release = acquireDataDirLock(dataDir);
    try {
      const { code, stderr } = await moveInProcess(dataDir, url);
      expect(code).toBe(1);
      expect(stderr).toContain(`in use by PID ${process.pid}`);
    } finally {
      release();
    }
  });

  it("moves every row, checks the counts, prints the next steps, and the same secret signs in on Postgres", async () => {
    const url = await scratchDatabase();
    const { code, stdout, stderr } = await runMove(dataDir, url);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain("every table's row count matches");
    expect(stdout).toMatch(/^\s+contact_submissions\s+40$/m);
    expect(stdout).toContain(`DATABASE_URL=${url}`);
    expect(stdout).toContain(`BETTER_AUTH_SECRET=<the line in ${path.join(dataDir, "auth-secret")}>`);

    const target = await openDatabase({ kind: "postgres", url, poolSize: 2 });
    try {
      expect(await counts(target.db)).toEqual(seeded);
      // The app on Postgres, with the secret from DATA_DIR: password, then the authenticator.
      const env = parseEnv({
        DATABASE_URL: url,
        BETTER_AUTH_SECRET: secret,
        SITE_URL: "http://127.0.0.1:4999",
      });
      const auth = createAuth(target.db, env);
      const signedIn = await auth.api.signInEmail({
        body: { email: admin.email, password: admin.password },
        returnHeaders: true,
      });
      expect(signedIn.response).toMatchObject({ twoFactorRedirect: true });
      const cookie = signedIn.headers
        .getSetCookie()
        .map((value) => value.split(";")[0])
        .join("; ");
      const verified = await auth.api.verifyTOTP({
        body: { code: totpCode(totpSecret) },
        headers: new Headers({ cookie }),
      });
      expect(verified.user.email).toBe(admin.email);
    } finally {
      await target.close();
    }

    // The embedded database is untouched: it is the way back.
    const source = await openDatabase({ kind: "pglite", dataDir });
    try {
      expect(await counts(source.db)).toEqual(seeded);
    } finally {
      await source.close();
    }
  });
});
