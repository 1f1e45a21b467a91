import { createContext, type MiddlewareFunction } from "react-router";
import { readAdminRole } from "~/lib/auth/roles.server";
import { getSession, type SignedInSession, type Viewer } from "~/lib/auth/viewer.server";
import { type AppContext, databaseContext, isServedContext } from "~/lib/context.server";
import { withHeaders } from "~/lib/http/response-headers.server";

/** Who sent this request, read once by the root middleware for everything after it. */
export interface RequestSession {
  session: SignedInSession | null;
  /** The role as the database holds it now, not as the session remembers it. */
  isAdmin: boolean;
  /** Whether the admin's password was last seen with the admin length (docs/decisions/024). */
  adminLongPassword: boolean;
}

const ANONYMOUS: RequestSession = { session: null, isAdmin: false, adminLongPassword: false };

const requestSessionContext = createContext<RequestSession>();

/**
 * The session the root middleware read. It throws outside that middleware
 * (a context built by hand), rather than answering "anonymous" and letting a
 * test or a new entry point believe nobody signed in.
 */
export function readRequestSession(context: AppContext): RequestSession {
  return context.get(requestSessionContext);
}

/** What the header shows of the visitor. */
export function viewerOf({ session, isAdmin }: RequestSession): Viewer {
  return { user: session?.user ?? null, isAdmin };
}

/** A cookie's name, from a Set-Cookie value. */
const cookieName = (setCookie: string) => setCookie.slice(0, setCookie.indexOf("=")).trim();

/**
 * Reads the session once per request, before any loader, action or guard
 * (a session without a cookie costs nothing: prerendering and most visitors
 * never reach the database). Better Auth's refresh of the cookie, or its
 * clearing when the session ended, goes on whatever the request answers,
 * unless the answer sets that cookie itself: signing in or out decides.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!isServedContext(context)) {
    context.set(requestSessionContext, ANONYMOUS);
    return next();
  }
  const { session, headers } = await getSession(context, request);
  const role = session ? await readAdminRole(context.get(databaseContext).db, session.user.id) : null;
  context.set(requestSessionContext, {
    session,
    isAdmin: role !== null,
    adminLongPassword: role?.longPassword ?? false,
  });
  const response = await next();
  const refreshed = headers?.getSetCookie() ?? [];
  if (refreshed.length === 0) return response;
  const answered = new Set(response.headers.getSetCookie().map(cookieName));
  const missing = refreshed.filter((cookie) => !answered.has(cookieName(cookie)));
  if (missing.length === 0) return response;
  return withHeaders(response, (target) => {
    for (const cookie of missing) target.append("Set-Cookie", cookie);
  });
};
