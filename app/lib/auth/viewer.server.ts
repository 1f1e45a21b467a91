import { authHeaders, readCookie, SESSION_ABSOLUTE_MAX_MS, sessionCookieName } from "~/lib/auth/auth.server";
import { type AppContext, authContext, envContext } from "~/lib/context.server";
import { logger } from "~/lib/ops/logger.server";
import { isSecondFactor, type SecondFactor } from "~/lib/auth/second-factor.server";

/** Who is looking at the page, as the header needs it. */
export interface Viewer {
  user: { id: string; name: string; email: string } | null;
  isAdmin: boolean;
}

export interface SignedInSession {
  user: { id: string; name: string; email: string };
  sessionId: string;
  /** The second factor this session proved, or null for a password alone. */
  secondFactor: SecondFactor | null;
}

/**
 * The signed-in user, or null, without the database when there is no cookie. A session also ends
 * SESSION_ABSOLUTE_MAX_MS after sign-in whatever its activity. `headers`: the refreshed (or cleared) cookie.
 */
export async function getSession(
  context: AppContext,
  request: Request,
): Promise<{ session: SignedInSession | null; headers: Headers | null }> {
  if (readCookie(request, sessionCookieName(context.get(envContext))) === null) {
    return { session: null, headers: null };
  }
  const auth = context.get(authContext);
  const { headers, response } = await auth.api.getSession({
    headers: authHeaders(request),
    returnHeaders: true,
  });
  const forward = headers.getSetCookie().length > 0 ? headers : null;
  if (!response) return { session: null, headers: forward };

  if (Date.now() - response.session.createdAt.getTime() > SESSION_ABSOLUTE_MAX_MS) {
    const ended = await auth.api
      .signOut({ headers: authHeaders(request), returnHeaders: true })
      .catch((error: unknown) => {
        logger.warn({ err: error }, "could not end a session past its absolute lifetime");
        return null;
      });
    return { session: null, headers: ended?.headers ?? null };
  }
  const { id, name, email } = response.user;
  const secondFactor = isSecondFactor(response.session.secondFactor) ? response.session.secondFactor : null;
  return {
    session: { user: { id, name, email }, sessionId: response.session.id, secondFactor },
    headers: forward,
  };
}
