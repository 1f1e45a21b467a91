import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { CONTACT_FORM_PURPOSE } from "~/lib/contact-form.server";
import { openDatabase } from "~/lib/db.server";
import { FORM_TOKEN_FIELD, issueFormToken } from "~/lib/form-guard.server";
import { contactSubmissions } from "../db/schema";
import { spawnServer } from "../tests/support/server-process";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const SECRET = "shutdown-test-secret-0123456789abcdefghijkl";
const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Resolves with everything the server sends until it closes the socket. */
function readAll(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    socket.on("data", (chunk: Buffer) => (data += chunk.toString()));
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
}

describe("graceful shutdown", () => {
  it("lets a request that is still arriving finish, stores it, and exits 0", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shutdown-"));
    tempDirs.push(dir);
    const server = await spawnServer({
      DATA_DIR: path.join(dir, "data"),
      BETTER_AUTH_SECRET: SECRET,
      CONTACT_RATE_LIMIT: "0",
    });
    const body = new URLSearchParams({
      [FORM_TOKEN_FIELD]: issueFormToken(SECRET, CONTACT_FORM_PURPOSE, Date.now() - 60_000),
      name: "Slow Sender",
      email: "slow@example.test",
      interest: "consultation",
      message: "Sent over a slow connection while the server stops.",
    }).toString();
    const { port } = new URL(server.url);

    // A client on a slow network: headers and half the body, then a pause.
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    const response = readAll(socket);
    socket.write(
      `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n`,
    );
    const half = Math.floor(body.length / 2);
    socket.write(body.slice(0, half));
    // The server has the request in flight before it is told to stop.
    await new Promise((resolve) => setTimeout(resolve, 300));

    server.child.kill("SIGTERM");
    await vi.waitFor(() => expect(server.stdout()).toContain("shutting down"), { timeout: 10_000 });
    // New connections are refused while the slow one drains.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

    socket.write(body.slice(half));
    const raw = await response;
    expect(raw).toMatch(/^HTTP\/1\.1 303 /);
    expect(await server.exited).toBe(0);

    // Stored and committed before the database closed.
    const database = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "data") });
    try {
      const rows = await database.db
        .select()
        .from(contactSubmissions)
        .where(eq(contactSubmissions.email, "slow@example.test"));
      expect(rows).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
