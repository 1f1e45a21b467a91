import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deriveBackupToken } from "~/lib/backup/backup.server";
import { parseEnv } from "~/lib/env.server";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { BACKUP_PATH, BACKUP_TOKEN_HEADER, backupRoutes } from "./backup";

const SECRET = "backup-endpoint-secret-0123456789-abcdef";

describe("the local backup endpoint", () => {
  let database: TestDatabase;
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const app = express()
      .use(backupRoutes(parseEnv({ BETTER_AUTH_SECRET: SECRET }), database))
      .use((_req, res) => void res.status(404).send("fell through"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${BACKUP_PATH}`;
    close = () => server.close();
  });
  afterAll(async () => {
    close?.();
    await database?.dispose();
  });

  it("backup endpoint attack: a page on the same machine cannot make a browser take a backup", async () => {
    // What a cross-site form or fetch from a page can send: no token, or a guessed one.
    for (const headers of <Record<string, string>[]>[
      { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      { [BACKUP_TOKEN_HEADER]: "guessed" },
      { [BACKUP_TOKEN_HEADER]: deriveBackupToken("some-other-secret-0123456789-abcdefgh") },
    ]) {
      const response = await fetch(url, { method: "POST", headers });
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("fell through");
    }
  });

  it("answers the token holder on this machine with a PGlite tarball", async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: { [BACKUP_TOKEN_HEADER]: deriveBackupToken(SECRET) },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    const body = Buffer.from(await response.arrayBuffer());
    expect([body[0], body[1]]).toEqual([0x1f, 0x8b]);
    expect(body.length).toBeGreaterThan(100_000);
  });
});
