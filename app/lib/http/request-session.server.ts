import { createContext, type MiddlewareFunction } from "react-router";
import { readAdminRole } from "~/lib/auth/roles.server";
import { getSession, type SignedInSession, type Viewer } from "~/lib/auth/viewer.server";
import { type AppContext, databaseContext, isServedContext } from "~/lib/context.server";
import { withHeaders } from "~/lib/http/response-headers.server";

/** Who sent this request; the role as the database holds it now. */
export interface RequestSession {
  session: SignedInSession | null;
  isAdmin: boolean;
  /** Whether the admin's password was last seen with the admin length (decision 024). */
  adminLongPassword: boolean;
}

const ANONYMOUS: RequestSession = { session: null, isAdmin: false, adminLongPassword: false };

const requestSessionContext = createContext<RequestSession>();

/** Throws outside the root middleware, rather than let a new entry point believe nobody signed in. */
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
 * Reads the session once per request, before any loader, action or guard. Better Auth's refresh (or
 * clearing) of the cookie goes on whatever the request answers, unless the answer sets it itself.
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
