import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type DatabaseOptions, openDatabase } from "~/lib/db/db.server";
import {
  createScratchPostgresDatabase,
  dropScratchPostgresDatabase,
} from "../tests/support/scratch-postgres";
import { snapshotDatabase } from "../tests/support/db-snapshot";
import {
  SEEDED_ACCOUNTS,
  SEEDED_PASSWORD,
  SEEDED_SECRET,
  type SeededSite,
  startSeededSite,
} from "../tests/support/seeded-site";
import { signInAdminOverHttp } from "../tests/support/admin-session";
import { type ServerProcess, spawnServer } from "../tests/support/server-process";
import { countMarkers, startSubmittingClients } from "../tests/support/submitting-clients";
import type { Backend } from "../tests/support/test-database";

// Three processes per test (server, backup, restored server) on a shared 2-core machine.
vi.setConfig({ testTimeout: 420_000, hookTimeout: 120_000 });

const run = promisify(execFile);
const TSX = path.resolve("node_modules/.bin/tsx");

/** `npm run backup` / `npm run restore` as an operator runs them, in this environment. */
async function runScript(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  const { stdout } = await run(TSX, [`scripts/${script}.ts`, ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
  });
  return stdout;
}

const SEEDED_INQUIRIES = {
  withNotes: {
    name: "Kwame Mensah",
    email: "kwame@example.test",
    interest: "gold-buying",
    message: "Seeded inquiry with notes: 20 kg dore, Kumasi.",
    admin_notes: "Called back; KYC pack sent.",
  },
  unread: {
    name: "Ama Owusu",
    email: "ama@example.test",
    interest: "equipment-rental",
    message: "Seeded unread inquiry: excavator for six months.",
  },
};

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
});

async function backUpAndRestore(backend: Backend) {
  const site: SeededSite<keyof typeof SEEDED_INQUIRIES> = await startSeededSite(backend, SEEDED_INQUIRIES, {
    // Every visitor posts from 127.0.0.1.
    CONTACT_RATE_LIMIT: "0",
  });
  cleanups.push(() => site.stop());
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-restore-"));
  cleanups.push(async () => fs.rmSync(workDir, { recursive: true, force: true }));

  // A buyer's document, kept as the filer keeps an attachment: a file under DATA_DIR, not in the database.
  const document = path.join("attachments", site.inquiryIds.withNotes, crypto.randomUUID());
  fs.mkdirSync(path.join(site.env.DATA_DIR!, path.dirname(document)), { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(site.env.DATA_DIR!, document), "%PDF- KYC pack", { mode: 0o600 });

  // 2. Back up while visitors keep submitting (each inquiry mails the admin).
  const clients = startSubmittingClients({ url: () => site.url, secret: SEEDED_SECRET, clients: 3 });
  let acknowledgedBefore: string[];
  let acknowledgedDuring: number;
  const file = path.join(workDir, `backup-${backend}`);
  try {
    await clients.waitForProgress(2);
    acknowledgedBefore = clients.acknowledged.flat();
    const output = await runScript("backup", [file, "--url", site.url], site.env);
    expect(output).toContain("Backup written");
    acknowledgedDuring = clients.acknowledged.flat().length - acknowledgedBefore.length;
    await clients.waitForProgress(1);
  } catch (error) {
    // The server may not answer any more: stop resending rather than wait out the test.
    await clients.abandon();
    throw error;
  }
  await clients.stop();
  console.log(
    `${backend}: ${acknowledgedBefore.length} inquiries acknowledged before the backup, ` +
      `${acknowledgedDuring} while it ran, ${fs.statSync(file).size} bytes`,
  );

  // 3. Restore into a fresh data directory or database.
  const restoredDir = path.join(workDir, "restored-data");
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  let restoredUrl: string | null = null;
  if (backend === "postgres") {
    restoredUrl = await createScratchPostgresDatabase(serverUrl, "restored");
    cleanups.push(() => dropScratchPostgresDatabase(serverUrl, restoredUrl!));
  }
  const restoredEnv: Record<string, string> = {
    DATA_DIR: restoredDir,
    BETTER_AUTH_SECRET: SEEDED_SECRET,
    LOG_LEVEL: "warn",
    CONTACT_RATE_LIMIT: "0",
    ...(restoredUrl ? { DATABASE_URL: restoredUrl } : {}),
  };
  expect(await runScript("restore", [file], restoredEnv)).toContain("Restored 1 attachment file(s)");
  expect(fs.readFileSync(path.join(restoredDir, document), "utf8")).toBe("%PDF- KYC pack");
  // A second restore onto what is now a non-empty target is refused.
  await expect(runScript("restore", [file], restoredEnv)).rejects.toThrow(/--force/);

  const options: DatabaseOptions = restoredUrl
    ? { kind: "postgres", url: restoredUrl, poolSize: 1 }
    : { kind: "pglite", dataDir: restoredDir };
  const restoredDb = await openDatabase(options);
  const restored = await snapshotDatabase(restoredDb.db).finally(() => restoredDb.close());

  // 4. Everything acknowledged before the backup started is there, once.
  const messages = restored.contact_submissions!.rows.map((row) => String(row.message)).join("\n");
  const counts = countMarkers(messages, acknowledgedBefore);
  expect([...counts].filter(([, count]) => count !== 1)).toEqual([]);
  const byId = new Map(restored.contact_submissions!.rows.map((row) => [row.id, row]));
  expect(byId.get(site.inquiryIds.withNotes)?.admin_notes).toBe(SEEDED_INQUIRIES.withNotes.admin_notes);
  expect(byId.get(site.inquiryIds.unread)?.message).toBe(SEEDED_INQUIRIES.unread.message);
  for (const table of ["user", "account", "user_roles"]) {
    expect(restored[table]!.rows).toEqual(expect.arrayContaining(site.initial[table]!.rows));
  }
  // Their mail: the admin notification of each acknowledged inquiry, sent or still queued.
  const notified = new Set(
    restored.jobs!.rows.filter((row) => row.kind === "mail").map((row) => row.inquiry_id),
  );
  const beforeIds = restored.contact_submissions!.rows.filter((row) =>
    acknowledgedBefore.some((marker) => String(row.message).includes(marker)),
  );
  expect(beforeIds.length).toBe(acknowledgedBefore.length);
  expect(beforeIds.filter((row) => !notified.has(row.id))).toEqual([]);

  // A second server on the restored data: ready, and the accounts work.
  const server: ServerProcess = await spawnServer(restoredEnv);
  cleanups.push(async () => void (await server.stop()));
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

  // The password step, then the admin's authenticator code (the restored secret still works).
  const { session } = await signInAdminOverHttp(
    { ...SEEDED_ACCOUNTS.admin, password: SEEDED_PASSWORD, totpSecret: site.adminTotpSecret },
    server.url,
  );
  const csv = await fetch(`${server.url}/dashboard/export.csv`, { headers: { cookie: session } });
  expect(csv.status).toBe(200);
  const exported = countMarkers(await csv.text(), acknowledgedBefore);
  expect([...exported].filter(([, count]) => count !== 1)).toEqual([]);
  expect(await server.stop()).toBe(0);
}

describe("backup and restore", () => {
  it("on the embedded database: a backup taken by the running server restores with every acknowledged inquiry", async () => {
    await backUpAndRestore("pglite");
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL", () => {
    it("pg_dump while clients submit, restored into a new database, keeps every acknowledged inquiry", async () => {
      await backUpAndRestore("postgres");
    });
  });
});
