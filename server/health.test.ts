import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { healthRoutes } from "./health";

describe("health routes", () => {
  let database: TestDatabase;
  let shuttingDown = false;
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const app = express().use(
      healthRoutes({ isShuttingDown: () => shuttingDown, pingDatabase: (ms) => database.ping(ms) }),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(async () => {
    close?.();
    await database?.dispose();
  });

  it("is ready while the database answers, and not ready once shutting down", async () => {
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    shuttingDown = true;
    const draining = await fetch(`${url}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: "unavailable" });
    // Liveness does not depend on either.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    shuttingDown = false;
  });

  it("is not ready when the database no longer answers", async () => {
    await database.close();
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
  });
});
