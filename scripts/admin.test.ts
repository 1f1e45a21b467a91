import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { passkey, session, twoFactor, user } from "../db/schema";
import { acquireDataDirLock } from "~/lib/db/data-dir-lock.server";
import { type DatabaseOptions, openDatabase } from "~/lib/db/db.server";
import {
  createScratchPostgresDatabase,
  dropScratchPostgresDatabase,
} from "../tests/support/scratch-postgres";
import { testBackends } from "../tests/support/test-database";
import { runAdminCommand } from "./admin-command";

const TSX = path.resolve("node_modules/.bin/tsx");

/** `npm run admin` as the operator runs it: a process of its own. */
function spawnAdmin(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(TSX, ["scripts/admin.ts", ...args], {
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "silent", ...env },
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

/** The same command in this process: what it prints and its exit code, without a process start per case. */
async function runAdmin(env: Record<string, string>, ...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runAdminCommand(args, env, {
    log: (line) => (stdout += `${line}\n`),
    error: (line) => (stderr += `${line}\n`),
  });
  return { code, stdout, stderr };
}

// Each run opens (and migrates) the database, one a process: allow time on busy machines.
describe.each(testBackends)("npm run admin on %s", { timeout: 180_000 }, (backend) => {
  let env: Record<string, string>;
  let dataDir: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-cli-"));
    dataDir = path.join(dir, "data");
    let options: DatabaseOptions = { kind: "pglite", dataDir };
    env = { DATA_DIR: dataDir };
    let scratch: string | null = null;
    if (backend === "postgres") {
      scratch = await createScratchPostgresDatabase(process.env.TEST_DATABASE_URL!, "admin_cli");
      options = { kind: "postgres", url: scratch };
      env = { ...env, DATABASE_URL: scratch, BETTER_AUTH_SECRET: "x".repeat(32) };
    }
    const handle = await openDatabase(options);
    await handle.db.insert(user).values([
      { id: "u-ada", name: "Ada Lovelace", email: "ada@example.com", emailVerified: true },
      { id: "u-bob", name: "Bob", email: "bob@example.com", emailVerified: true },
    ]);
    await handle.close();
    cleanup = async () => {
      if (scratch) await dropScratchPostgresDatabase(process.env.TEST_DATABASE_URL!, scratch);
      fs.rmSync(dir, { recursive: true, force: true });
    };
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it("grants, lists and revokes", async () => {
    expect(await runAdmin(env, "list")).toMatchObject({ code: 0, stdout: "No admins.\n" });
    expect(await runAdmin(env, "grant", "Ada@Example.com")).toMatchObject({
      code: 0,
      stdout:
        "ada@example.com is now an admin.\n" +
        "The dashboard opens once they sign in again with a password of at least 12 characters (or set one on /account).\n",
    });
    expect(await runAdmin(env, "list")).toMatchObject({ code: 0, stdout: "ada@example.com\tAda Lovelace\n" });
    expect(await runAdmin(env, "revoke", "ada@example.com")).toMatchObject({
      code: 0,
      stdout: "ada@example.com is no longer an admin.\n",
    });
    expect((await runAdmin(env, "list")).stdout).toBe("No admins.\n");
  });

  it("finding 2: a revoke of an address still in ADMIN_EMAILS is refused, saying why, instead of being undone at the next start", async () => {
    const listed = { ...env, ADMIN_EMAILS: "someone@example.com, Ada@Example.com" };
    expect((await runAdmin(listed, "grant", "ada@example.com")).code).toBe(0);
    const refused = await runAdmin(listed, "revoke", "ada@example.com");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("ada@example.com is listed in ADMIN_EMAILS");
    expect(refused.stderr).toContain("Nothing was changed");
    expect((await runAdmin(listed, "list")).stdout).toBe("ada@example.com\tAda Lovelace\n");
    // Once unlisted, the revoke works and lasts.
    expect(await runAdmin(env, "revoke", "ada@example.com")).toMatchObject({
      code: 0,
      stdout: "ada@example.com is no longer an admin.\n",
    });
    expect((await runAdmin(env, "list")).stdout).toBe("No admins.\n");
  });

  it("reset-2fa removes the authenticator and backup codes and ends the sessions, and says so", async () => {
    const open = () =>
      env.DATABASE_URL
        ? openDatabase({ kind: "postgres", url: env.DATABASE_URL, poolSize: 1 })
        : openDatabase({ kind: "pglite", dataDir });
    let handle = await open();
    await handle.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, "u-bob"));
    await handle.db
      .insert(twoFactor)
      .values({ id: "tf-bob", secret: "sealed", backupCodes: "sealed", userId: "u-bob" });
    await handle.db.insert(passkey).values({
      id: "pk-bob",
      name: "Bob's laptop",
      publicKey: "cHVibGlj",
      userId: "u-bob",
      credentialID: "cred-bob",
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    await handle.db.insert(session).values({
      id: "s-bob",
      token: "token-bob",
      userId: "u-bob",
      expiresAt: new Date(Date.now() + 60_000),
      secondFactor: "totp",
    });
    await handle.close();

    // The one case run as its own process: the wiring of `npm run admin`,
    // and the audit line its logger writes.
    const result = await spawnAdmin(env, "reset-2fa", "Bob@Example.com");
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(
      "bob@example.com: authenticator and backup codes removed, 1 passkey removed; 1 session ended. " +
        "An admin is asked to set up a new second factor at the next sign-in.\n",
    );
    // Logged, for the audit trail: who (by id), not the address.
    const logged = result.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ userId: "u-bob", hadTotp: true, removedPasskeys: 1, endedSessions: 1 }),
    );
    handle = await open();
    try {
      expect(await handle.db.select().from(twoFactor).where(eq(twoFactor.userId, "u-bob"))).toEqual([]);
      expect(await handle.db.select().from(passkey).where(eq(passkey.userId, "u-bob"))).toEqual([]);
      expect(await handle.db.select().from(session).where(eq(session.userId, "u-bob"))).toEqual([]);
      const [bob] = await handle.db.select().from(user).where(eq(user.id, "u-bob"));
      expect(bob?.twoFactorEnabled).toBe(false);
    } finally {
      await handle.close();
    }
    expect((await runAdmin(env, "reset-2fa", "nobody@example.com")).code).toBe(1);
  });

  it("exits non-zero on an unknown address, changing nothing", async () => {
    const result = await runAdmin(env, "grant", "nobody@example.com");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No account is registered with the email address nobody@example.com.");
    expect((await runAdmin(env, "list")).stdout).toBe("No admins.\n");
  });

  it("explains its usage on a bad command", async () => {
    const result = await runAdmin(env, "promote", "ada@example.com");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("npm run admin -- grant <email>");
  });

  it(`while a server is running: ${backend === "pglite" ? "says so and exits non-zero" : "works"}`, async () => {
    if (backend === "pglite") {
      // The running server's lock on the embedded database.
      const release = acquireDataDirLock(dataDir);
      try {
        const result = await runAdmin(env, "grant", "bob@example.com");
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`is in use by PID ${process.pid}`);
      } finally {
        release();
      }
      expect((await runAdmin(env, "list")).stdout).toBe("No admins.\n");
      return;
    }
    // Postgres serves the server and the command at once.
    const server = await openDatabase({ kind: "postgres", url: env.DATABASE_URL!, poolSize: 1 });
    try {
      expect(await runAdmin(env, "grant", "bob@example.com")).toMatchObject({ code: 0 });
      expect((await runAdmin(env, "revoke", "bob@example.com")).code).toBe(0);
    } finally {
      await server.close();
    }
  });
});
