import type { RouterContextProvider } from "react-router";
import { createAppServices, type JobDeps } from "~/lib/app-services.server";
import { type AppServices, createAppContext } from "~/lib/context.server";
import type { DatabaseHandle } from "~/lib/db/db.server";
import { parseEnv } from "~/lib/env.server";
import { type Backend, createTestDatabase } from "./test-database";

/** The configuration tests start from; each test overrides what it is about. */
export const TEST_ENV = {
  SITE_URL: "http://127.0.0.1:4999",
  BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
  LOG_LEVEL: "silent",
} as const;

/**
 * What the server builds once at startup (server/main.ts), by the same
 * composition root, around a test database: the validated configuration,
 * the database, a Better Auth instance on it, the signed toast cookie, the
 * event-stream places and the job transports (a
 * test passes its SMTP sink's mailer or its own webhook sender). Nothing is
 * read from process.env.
 */
export function createTestServices(
  database: DatabaseHandle,
  env: Record<string, string | undefined> = {},
  transports: Partial<Pick<JobDeps, "mailer" | "webhooks">> = {},
): AppServices {
  return createAppServices(parseEnv({ ...TEST_ENV, ...env }), database, transports);
}

/**
 * One request's context, as the server's getLoadContext builds it: pass it
 * to a route's loader or action (`action({ request, context, params })`).
 */
export function createTestContext(services: AppServices, clientIp = "203.0.113.1"): RouterContextProvider {
  return createAppContext(services, { clientIp });
}

/**
 * A database of its own (tests/support/test-database.ts) with the services
 * around it; `dispose` drops the database.
 */
export async function createTestApp(backend: Backend, env: Record<string, string | undefined> = {}) {
  const database = await createTestDatabase(backend);
  const services = createTestServices(database, env);
  return { services, db: database.db, auth: services.auth, dispose: () => database.dispose() };
}
