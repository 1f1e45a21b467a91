import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, sanctionsEntries, sanctionsEntryNames, sanctionsListVersions } from "~db/schema";
import { scheduledDeps, startAndRunScheduled } from "../../../tests/support/job-rows";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { scheduledKinds } from "~/lib/jobs/job-scheduler.server";
import { sanctionsListFetchJob } from "~/lib/sanctions/list-fetch.server";
import { findCurrentListVersion } from "~/lib/sanctions/screening.server";

const FIXTURES = path.resolve("tests/fixtures/sanctions");
const LIST = fs.readFileSync(path.join(FIXTURES, "uk-sanctions-list.xml"));

/** The FCDO's list server on loopback: the fixture at /docs/UK-Sanctions-List.xml, whatever `body` holds. */
function startListServer() {
  const state = { body: LIST as Buffer, status: 200, requests: 0 };
  const server = http.createServer((request, response) => {
    state.requests += 1;
    if (request.url !== "/docs/UK-Sanctions-List.xml") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(state.status, { "content-type": "application/xml" }).end(state.body);
  });
  return new Promise<{ state: typeof state; url: string; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        state,
        url: `http://127.0.0.1:${port}/docs/UK-Sanctions-List.xml`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe.each(testBackends)("the scheduled fetch of SANCTIONS_LIST_URL on %s", (backend) => {
  const database = useTestDatabase(backend, [
    jobs,
    sanctionsEntryNames,
    sanctionsEntries,
    sanctionsListVersions,
  ]);
  let listServer: Awaited<ReturnType<typeof startListServer>>;
  beforeAll(async () => {
    listServer = await startListServer();
  });
  afterAll(async () => {
    await listServer?.close();
  });

  const runAt = (now: Date, env: Record<string, string> = { SANCTIONS_LIST_URL: listServer.url }) => {
    const deps = scheduledDeps(database, env);
    return startAndRunScheduled(database.db, scheduledKinds([sanctionsListFetchJob], deps.env), deps, now);
  };

  it("is not scheduled without SANCTIONS_LIST_URL", async () => {
    expect(scheduledKinds([sanctionsListFetchJob], scheduledDeps(database, {}).env)).toEqual([]);
    expect(await runAt(new Date("2026-11-10T06:20:00Z"), {})).toBe(0);
  });

  it("imports the list served on loopback, with the URL it came from; a truncated one later changes nothing", async () => {
    listServer.state.body = LIST;
    expect(await runAt(new Date("2026-11-10T06:20:00Z"))).toBe(1);
    const version = await findCurrentListVersion(database.db);
    expect(version).toMatchObject({ published_on: "2026-11-02", entry_count: 5, source: listServer.url });

    listServer.state.body = LIST.subarray(0, LIST.length - 200);
    expect(await runAt(new Date("2026-11-10T12:20:00Z"))).toBe(1);
    expect((await findCurrentListVersion(database.db))?.id).toBe(version!.id);
    expect(await database.db.$count(sanctionsListVersions)).toBe(1);
  });
});
