import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { CONTACT_FORM_PURPOSE } from "~/routes/contact.server";
import { FORM_TOKEN_FIELD, issueFormToken } from "~/lib/http/form-guard.server";
import { type ServerProcess, spawnServer as spawnAny } from "../tests/support/server-process";
import { useSmtpSink } from "../tests/support/suite-smtp-sink";
import { createPgliteDataDir } from "../tests/support/test-database";

// Real server processes on a busy 2-core machine: a generous ceiling, not a speed goal.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const tempDirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "settings-test-"));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A server that should start: a migrated data directory opens quickly even on a busy machine. */
function spawnServer(env: Record<string, string>, options: Parameters<typeof spawnAny>[1] = {}) {
  return spawnAny(env, { readyTimeoutMs: 150_000, ...options });
}

/** A migrated embedded database in a directory others may read, as an older version left it. */
function migratedDataDir(): string {
  const dir = createPgliteDataDir("settings-test-");
  tempDirs.push(dir);
  fs.chmodSync(dir, 0o755);
  return dir;
}

const asRoot = process.getuid?.() === 0;

/** Starts the server with one bad setting and returns what it wrote once it has exited. */
async function startFailing(env: Record<string, string>, withoutFileOverride = false) {
  const server = await spawnServer(
    { DATA_DIR: path.join(tempDir(), "data"), ...env },
    { waitUntilReady: false, withoutFileOverride },
  );
  const code = await server.exited;
  return { code, stderr: server.stderr().trim(), stdout: server.stdout().trim() };
}

function unwritableDir(): string {
  const dir = path.join(tempDir(), "data");
  fs.mkdirSync(dir);
  fs.chmodSync(dir, 0o500);
  return dir;
}

describe("a bad setting stops the start with one line naming it", () => {
  const fileNotDir = () => {
    const file = path.join(tempDir(), "data");
    fs.writeFileSync(file, "");
    return file;
  };
  it.each<[string, () => { env: Record<string, string>; withoutFileOverride?: boolean }, RegExp]>([
    [
      "TRUST_PROXY=maybe",
      () => ({ env: { TRUST_PROXY: "maybe" } }),
      /^Invalid configuration: TRUST_PROXY: expected/,
    ],
    ["PORT=abc", () => ({ env: { PORT: "abc" } }), /^Invalid configuration: PORT: expected a port number/],
    [
      "an unwritable DATA_DIR",
      () => ({ env: { DATA_DIR: unwritableDir() }, withoutFileOverride: asRoot }),
      /^Invalid configuration: DATA_DIR: .+ cannot be used: permission denied \(EACCES\)$/,
    ],
    [
      "a DATA_DIR that is a file",
      () => ({ env: { DATA_DIR: fileNotDir() } }),
      /^Invalid configuration: DATA_DIR: .+ cannot be used: it exists and is not a directory \(EEXIST\)$/,
    ],
    [
      "DATA_DIR=/proc/x",
      () => ({ env: { DATA_DIR: "/proc/x" } }),
      /^Invalid configuration: DATA_DIR: \/proc\/x cannot be used: .+ \(ENOENT\)$/,
    ],
    [
      "DATABASE_URL=mysql://x",
      () => ({ env: { DATABASE_URL: "mysql://db.example.test/site" } }),
      /^Invalid configuration: DATABASE_URL: expected a postgres:\/\/ URL$/,
    ],
    [
      "SMTP_URL=http://x",
      () => ({ env: { SMTP_URL: "http://mail.example.test" } }),
      /^Invalid configuration: SMTP_URL: expected an smtp:\/\/ or smtps:\/\/ URL$/,
    ],
  ])("%s", async (_label, setting, message) => {
    const { env, withoutFileOverride } = setting();
    const { code, stderr, stdout } = await startFailing(env, withoutFileOverride);
    expect(code).toBe(1);
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toMatch(message);
    expect(`${stderr}\n${stdout}`).not.toMatch(/\n\s+at |TypeError|"stack"/);
  });
});

function logLines(server: ServerProcess): Record<string, unknown>[] {
  return server
    .stdout()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function waitForLine(server: ServerProcess, match: (line: Record<string, unknown>) => boolean) {
  await vi.waitFor(() => expect(logLines(server).find(match)).toBeDefined(), {
    timeout: 20_000,
    interval: 50,
  });
  return logLines(server).find(match)!;
}

describe("a production start", () => {
  it("warns once each for a missing SMTP_URL, a missing ADMIN_EMAILS and UPLOAD_KEY, and an http:// SITE_URL", async () => {
    const server = await spawnServer({ DATA_DIR: migratedDataDir(), SITE_URL: "http://site.example.test" });
    try {
      const warnings = logLines(server)
        .filter((line) => line.level === 40)
        .map((line) => String(line.msg));
      expect(warnings.filter((msg) => msg.startsWith("SMTP_URL is not set"))).toHaveLength(1);
      expect(warnings.filter((msg) => msg.startsWith("ADMIN_EMAILS is not set"))).toHaveLength(1);
      expect(warnings.filter((msg) => msg.startsWith("SITE_URL is http://"))).toHaveLength(1);
      expect(warnings.filter((msg) => msg.startsWith("UPLOAD_KEY is not set"))).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });

  // A reachable SMTP server: the scheduled mail a first start catches up on
  // (the week's report) is sent, not retried with a warning.
  const smtp = useSmtpSink();
  it("does not warn when they are set", async () => {
    const server = await spawnServer({
      DATA_DIR: migratedDataDir(),
      SITE_URL: "https://site.example.test",
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: "ops@example.test",
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
      UPLOAD_KEY: crypto.randomBytes(32).toString("base64"),
    });
    try {
      const warnings = logLines(server).filter((line) => line.level === 40);
      expect(warnings.map((line) => line.msg)).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});

describe("log lines and files of a running server", () => {
  let server: ServerProcess;
  let dataDir: string;
  afterAll(async () => {
    await server?.stop();
  });

  it("carry the request id on every line of a request, the client's address on request lines, and log a 404 at info", async () => {
    dataDir = migratedDataDir();
    server = await spawnServer({
      DATA_DIR: dataDir,
      TRUST_PROXY: "loopback",
      CONTACT_MIN_FILL_SECONDS: "0",
    });
    const body = new URLSearchParams({
      [FORM_TOKEN_FIELD]: issueFormToken(
        fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim(),
        CONTACT_FORM_PURPOSE,
        Date.now() - 60_000,
      ),
      name: "Ama Mensah",
      email: "ama@example.test",
      interest: "consultation",
      message: "A question about renting an excavator for three months.",
    }).toString();
    const posted = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        "X-Forwarded-For": "198.51.100.7",
      },
      body,
      redirect: "manual",
    });
    expect(posted.status).toBe(303);
    const reqId = posted.headers.get("x-request-id");
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);

    const stored = await waitForLine(server, (line) => line.msg === "inquiry stored");
    expect(stored.reqId).toBe(reqId);
    const request = await waitForLine(server, (line) => line.msg === "request" && line.reqId === reqId);
    expect(request).toMatchObject({ method: "POST", path: "/contact", status: 303, ip: "198.51.100.7" });
    // Every line of that request, whoever wrote it, carries its id once.
    for (const line of server
      .stdout()
      .split("\n")
      .filter((text) => text.includes(reqId!))) {
      expect(line.split('"reqId"')).toHaveLength(2);
    }

    // A page answered from memory, before Express, logs the same address.
    const page = await fetch(`${server.url}/`, { headers: { "X-Forwarded-For": "198.51.100.8" } });
    const pageId = page.headers.get("x-request-id");
    expect(await waitForLine(server, (line) => line.reqId === pageId)).toMatchObject({
      msg: "request",
      ip: "198.51.100.8",
    });

    const missing = await fetch(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    const missingId = missing.headers.get("x-request-id");
    const notFound = await waitForLine(
      server,
      (line) => line.msg === "page not found" && line.reqId === missingId,
    );
    expect(notFound.level).toBe(30);
    expect(
      (await waitForLine(server, (line) => line.msg === "request" && line.reqId === missingId)).level,
    ).toBe(30);
  });

  it("keeps DATA_DIR, its secret and its mail files to the service user (0700 and 0600)", async () => {
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "auth-secret"))).toBe(0o600);
    // The inquiry above sent mail, written to files without SMTP_URL.
    const mailDir = path.join(dataDir, "mail");
    await vi.waitFor(
      () => expect(fs.readdirSync(mailDir).filter((name) => name.endsWith(".eml"))).not.toEqual([]),
      {
        timeout: 20_000,
        interval: 50,
      },
    );
    expect(mode(mailDir)).toBe(0o700);
    for (const name of fs.readdirSync(mailDir)) expect(mode(path.join(mailDir, name)), name).toBe(0o600);
  });
});
