import http from "node:http";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { InboxActionSchema } from "~/forms/inbox";
import { InquiryActionSchema } from "~/forms/inquiry-desk";
import { InquiryPageActionSchema } from "~/forms/inquiry-page";
import {
  ACTIONS,
  type ActionCase,
  BETTER_AUTH_ENDPOINTS,
  clientSessionCookie,
  EXPRESS_ROUTES,
  INQUIRIES,
  seedHeldMessage,
  type Site,
  UPLOAD_TEST_KEY,
} from "../tests/support/csrf-endpoints";
import { type DatabaseSnapshot, summarize } from "../tests/support/db-snapshot";
import {
  crossOriginVariants,
  type Encoding,
  sendForm,
  sendJson,
  singleFetchPath,
} from "../tests/support/csrf-requests";
import { startSeededSite } from "../tests/support/seeded-site";
import { whatsAppTestEnv } from "../tests/support/whatsapp-meta";
import { clientBuildDir, loadServerBuild } from "../tests/support/server-process";
import { createTestServices } from "../tests/support/test-context";
import { createTestDatabase } from "../tests/support/test-database";
import { createApp } from "./app";

// A server start (and a restart on the embedded database, which is stopped to
// be read) and about a thousand requests: a generous ceiling, not a goal.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// Postgres can be read while the server runs, so it is quicker when there is one.
const BACKEND = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: ExpressLayer[] };
}
const expressRoutes = (stack: ExpressLayer[]): string[] =>
  stack.flatMap((layer) => {
    if (!layer.route) return expressRoutes(layer.handle.stack ?? []);
    const { path: routePath, methods } = layer.route;
    // app.all registers each of Node's methods one by one.
    if (http.METHODS.every((method) => methods[method.toLowerCase()])) return [`ALL ${routePath}`];
    return Object.keys(methods).map((method) => `${method.toUpperCase()} ${routePath}`);
  });

// Apart from the site's suite: opening a database in this process holds its
// event loop for seconds, long enough for the site to close an idle
// kept-alive connection the next request would then be sent on.
describe("the Express app", () => {
  let build: ServerBuild;
  beforeAll(async () => {
    build = await loadServerBuild();
  });

  it("has no Express endpoint of its own but the GET probes", async () => {
    const database = await createTestDatabase("pglite");
    try {
      const app = createApp({
        build,
        services: createTestServices(database),
        logger: pino({ level: "silent" }),
        clientDir: clientBuildDir,
        isShuttingDown: () => false,
      });
      expect(expressRoutes((app.router as unknown as { stack: ExpressLayer[] }).stack)).toEqual(
        EXPRESS_ROUTES,
      );
    } finally {
      await database.dispose();
    }
  });
});

/**
 * A cross-origin POST to any action is refused and changes nothing.
 * Every endpoint that can change state (tests/support/csrf-endpoints.ts) is
 * sent what a victim's browser would send from another site, with the
 * session and valid fields that would make it succeed; every table must be
 * unchanged. The same requests from the site itself must then succeed, or
 * the refusals would prove nothing.
 */
describe(`cross-site request forgery, on every action (${BACKEND})`, () => {
  let build: ServerBuild;
  let site: Site;
  let clientSession: string;
  /** Taken by the attack test; the control starts from it rather than stop the embedded database again. */
  let afterAttacks: DatabaseSnapshot | undefined;
  beforeAll(async () => {
    build = await loadServerBuild();
    site = await startSeededSite(
      BACKEND,
      INQUIRIES,
      { ...whatsAppTestEnv(), UPLOAD_KEY: UPLOAD_TEST_KEY },
      seedHeldMessage,
    );
    clientSession = await clientSessionCookie(site.url);
  });
  afterAll(async () => {
    await site?.stop();
  });
  const cookie = (as: ActionCase["as"]) =>
    as === "client" ? clientSession : as ? site.cookies[as] : undefined;

  it("lists every route with an action, and every intent of the inbox", () => {
    const withAction = Object.values(build.routes).filter((route) => route?.module.action);
    expect(withAction.map((route) => route?.id).sort()).toEqual(
      [...new Set(ACTIONS.map((action) => action.routeId))].sort(),
    );
    for (const action of ACTIONS) {
      expect(`/${build.routes[action.routeId]?.path}`).toBe(action.routePath ?? action.path);
    }
    const intents = InboxActionSchema.options.map((option) => option.shape.intent.value);
    // Every intent once; the order is the schema's business.
    expect(
      ACTIONS.filter((action) => action.routeId === "routes/dashboard")
        .map((a) => a.fields(site).intent)
        .sort(),
    ).toEqual(intents.sort());
    const pageIntents = [...InquiryActionSchema.options, ...InquiryPageActionSchema.options].map(
      (option) => option.shape.intent.value,
    );
    expect(
      ACTIONS.filter((action) => action.routeId === "routes/dashboard.inquiries.detail")
        .map((a) => a.fields(site).intent)
        .sort(),
    ).toEqual(pageIntents.sort());
  });

  it("has no Better Auth endpoint under /api/auth, even for a same-origin request", async () => {
    for (const endpoint of BETTER_AUTH_ENDPOINTS) {
      const response = await sendJson(site.url, endpoint.path, endpoint.body(site), {
        headers: { origin: site.url, "sec-fetch-site": "same-origin" },
        cookie: cookie(endpoint.as),
        encoding: "json",
      });
      // 415: JSON is refused before routing; a handler mounted as a route or
      // in Express would still be caught by the two tests above.
      expect([404, 405, 415], endpoint.path).toContain(response.status);
      expect(response.headers.get("set-cookie"), endpoint.path).toBeNull();
    }
  });

  it("refuses every cross-origin request to every endpoint with 403, and no table changes", async () => {
    const refusals: string[] = [];
    // Collected rather than thrown: a hole is reported with every request that finds it.
    const noteUnlessRefused = async (label: string, response: Response) => {
      const body = await response.text();
      if (
        response.status !== 403 ||
        body !== "Cross-origin request refused." ||
        response.headers.has("set-cookie")
      )
        refusals.push(`${label}: ${response.status} ${body.slice(0, 80)}`);
    };
    const encodings: Encoding[] = ["urlencoded", "multipart", "text/plain"];
    const variants = crossOriginVariants(site.url);
    const browser = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    for (const action of ACTIONS) {
      for (const target of [action.path, singleFetchPath(action.path)]) {
        for (const variant of variants) {
          for (const encoding of encodings) {
            const label = `${action.name} POST ${target} ${encoding} ${variant.name}`;
            const options = {
              headers: variant.headers,
              cookie: cookie(action.as),
              encoding,
              file: action.file,
            };
            await noteUnlessRefused(label, await sendForm(site.url, target, action.fields(site), options));
          }
        }
        // Not a simple request (a browser preflights it), but actions answer every mutation method.
        for (const method of ["PUT", "PATCH", "DELETE"]) {
          const options = {
            method,
            headers: browser,
            cookie: cookie(action.as),
            encoding: "urlencoded" as const,
          };
          const response = await sendForm(site.url, target, action.fields(site), options);
          await noteUnlessRefused(`${action.name} ${method} ${target}`, response);
        }
      }
    }
    for (const endpoint of BETTER_AUTH_ENDPOINTS) {
      for (const variant of variants) {
        for (const encoding of ["json", "text/plain"] as const) {
          const options = { headers: variant.headers, cookie: cookie(endpoint.as), encoding };
          const response = await sendJson(site.url, endpoint.path, endpoint.body(site), options);
          await noteUnlessRefused(`${endpoint.path} ${encoding} ${variant.name}`, response);
        }
      }
    }
    afterAttacks = await site.snapshot();
    expect(refusals).toEqual([]);
    expect(summarize(afterAttacks)).toEqual(summarize(site.initial));
  });

  it("lets the same requests through from the site itself, and each changes what it should", async () => {
    const before = afterAttacks ?? (await site.snapshot());
    for (const action of ACTIONS) {
      const target = action.hydrated ? singleFetchPath(action.path) : action.path;
      const response = await sendForm(site.url, target, action.fields(site), {
        headers: { origin: site.url, "sec-fetch-site": "same-origin" },
        cookie: cookie(action.as),
        encoding: action.file ? "multipart" : "urlencoded",
        ...(action.file ? { file: action.file } : {}),
      });
      expect(response.status, `${action.name}: ${await response.text()}`).toBeLessThan(400);
    }
    const after = await site.snapshot({ restart: false });
    for (const action of ACTIONS) {
      try {
        action.changed(before, after, site);
      } catch (error) {
        throw new Error(`same-origin ${action.name} had no effect (it ${action.changes})`, { cause: error });
      }
    }
  });
});
