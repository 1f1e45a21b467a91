import { createContext, type MiddlewareFunction, redirect } from "react-router";
import { authHeaders, readAuthFailure } from "~/lib/auth/auth.server";
import { adminPasswordMessages } from "~/forms/auth";
import { hasSecondFactor, readSecondFactors } from "~/lib/auth/second-factor.server";
import type { SignedInSession } from "~/lib/auth/viewer.server";
import { type AppContext, authContext, databaseContext } from "~/lib/context.server";
import { readRequestSession } from "~/lib/http/request-session.server";
import { withNoStore } from "~/lib/http/response-headers.server";
import { redirectWithToast } from "~/lib/http/toast.server";

/** Set only by the guards below: read outside a guarded layout, it fails loudly instead of serving anyone. */
const guardedSessionContext = createContext<SignedInSession>();

/** The session a guard let through: its user, its id, its second factor. */
export function guardedSession(context: AppContext): SignedInSession {
  return context.get(guardedSessionContext);
}

export function guardedUser(context: AppContext): SignedInSession["user"] {
  return guardedSession(context).user;
}

/** The page a request is for: a data request (/dashboard.data) comes back to its page. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname.replace(/\.data$/, "") + url.search;
}

function signInUrl(request: Request): string {
  return `/auth?${new URLSearchParams({ redirectTo: currentPath(request) }).toString()}`;
}

/** The `/account` layout's middleware: anyone not signed in signs in and comes back. */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { session } = readRequestSession(context);
  if (!session) throw redirect(signInUrl(request));
  context.set(guardedSessionContext, session);
  return withNoStore(await next());
};

/**
 * The `dashboard` layout's middleware: signed in, the admin role as the database holds it now, a
 * session that proved a second factor (else set one up, or sign in again with it), and a password seen
 * to have the admin length.
 */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { session, isAdmin, adminLongPassword } = readRequestSession(context);
  if (!session) throw redirect(signInUrl(request));
  if (!isAdmin) throw redirect("/");
  if (!session.secondFactor) throw await secondFactorMissing(context, request, session);
  if (!adminLongPassword) {
    // Not at sign-up or reset, whose answers would tell who is an admin (docs/decisions/024).
    throw await redirectWithToast(context, "/account#change-password", {
      title: "Set a longer password",
      description: adminPasswordMessages.needsLonger,
    });
  }
  context.set(guardedSessionContext, session);
  return withNoStore(await next());
};

async function secondFactorMissing(
  context: AppContext,
  request: Request,
  session: SignedInSession,
): Promise<Response> {
  const { db } = context.get(databaseContext);
  if (!hasSecondFactor(await readSecondFactors(db, session.user.id))) {
    return redirectWithToast(
      context,
      `/account/two-factor?${new URLSearchParams({ redirectTo: currentPath(request) }).toString()}`,
      {
        title: "Set up two-factor authentication",
        description: "Administrator accounts need a second factor before they can open the dashboard.",
      },
    );
  }
  const auth = context.get(authContext);
  const ended = await auth.api
    .signOut({ headers: authHeaders(request), returnHeaders: true })
    .catch((error: unknown) => {
      if (!readAuthFailure(error)) throw error;
      return null;
    });
  return redirectWithToast(
    context,
    signInUrl(request),
    {
      title: "Please sign in again",
      description: "Sign in with your authenticator code or passkey to open the dashboard.",
    },
    ended ? { headers: ended.headers } : undefined,
  );
}
