import type { RouterContextProvider } from "react-router";
import { createAuth } from "~/lib/auth/auth.server";
import { type AppServices, createAppContext } from "~/lib/context.server";
import type { DatabaseHandle } from "~/lib/db/db.server";
import { parseEnv } from "~/lib/env.server";
import { createToastCookie } from "~/lib/http/toast.server";
import { createStreamSlots } from "~/lib/ops/stream-slots.server";
import { type Backend, createTestDatabase } from "./test-database";

/** The configuration tests start from; each test overrides what it is about. */
export const TEST_ENV = {
  SITE_URL: "http://127.0.0.1:4999",
  BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
  LOG_LEVEL: "silent",
} as const;

/**
 * What the server builds once at startup (server/main.ts), built around a
 * test database: the validated configuration, the database, a Better
 * Auth instance on it, the signed toast cookie and the event-stream places.
 * Nothing is read from process.env.
 */
export function createTestServices(
  database: DatabaseHandle,
  env: Record<string, string | undefined> = {},
): AppServices {
  const parsed = parseEnv({ ...TEST_ENV, ...env });
  return {
    env: parsed,
    database,
    auth: createAuth(database.db, parsed),
    toastCookie: createToastCookie(parsed),
    eventStreams: createStreamSlots(parsed.EVENT_STREAMS_PER_ACCOUNT),
  };
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
