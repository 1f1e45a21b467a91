import { createContext, type MiddlewareFunction, redirect } from "react-router";
import { authHeaders, readAuthFailure } from "~/lib/auth/auth.server";
import { adminPasswordMessages } from "~/forms/auth";
import { hasSecondFactor, readSecondFactors } from "~/lib/auth/second-factor.server";
import type { SignedInSession } from "~/lib/auth/viewer.server";
import { type AppContext, authContext, databaseContext } from "~/lib/context.server";
import { readRequestSession } from "~/lib/http/request-session.server";
import { withNoStore } from "~/lib/http/response-headers.server";
import { redirectWithToast } from "~/lib/http/toast.server";

type GuardedUser = SignedInSession["user"];

/**
 * Set only by the guards below, so only inside a guarded layout
 * (app/routes.ts): a route that reads it anywhere else fails loudly
 * instead of serving an anonymous visitor.
 */
const guardedSessionContext = createContext<SignedInSession>();

/** The session a guard let through: its user, its id, its second factor. */
export function guardedSession(context: AppContext): SignedInSession {
  return context.get(guardedSessionContext);
}

export function guardedUser(context: AppContext): GuardedUser {
  return guardedSession(context).user;
}

function currentPath(request: Request): string {
  const url = new URL(request.url);
  // A data request (/dashboard.data) comes back to its page.
  return url.pathname.replace(/\.data$/, "") + url.search;
}

function signInUrl(request: Request): string {
  return `/auth?${new URLSearchParams({ redirectTo: currentPath(request) }).toString()}`;
}

/**
 * The middleware of the `/account` layout: anyone not signed in is
 * redirected to sign in, and comes back here afterwards.
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { session } = readRequestSession(context);
  if (!session) throw redirect(signInUrl(request));
  context.set(guardedSessionContext, session);
  return withNoStore(await next());
};

/**
 * The middleware of the `dashboard` layout, so of every page, action,
 * download and stream under it. Anonymous visitors go to sign in; signed-in
 * users without the admin role go home. The role is the one the database
 * holds for this request. An admin's session must also have proved a
 * second factor (an authenticator code, a backup code or a passkey): an
 * admin without one is sent to set one up, and one who has a factor but
 * signed in without it (a session from before it was set up) signs in again.
 * Last, an admin whose password was not seen to have the admin length is
 * sent to set a longer one.
 */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { session, isAdmin, adminLongPassword } = readRequestSession(context);
  if (!session) throw redirect(signInUrl(request));
  if (!isAdmin) throw redirect("/");
  if (!session.secondFactor) throw await secondFactorMissing(context, request, session);
  if (!adminLongPassword) {
    // Asked for here, not at sign-up or reset, whose answers would then
    // tell who is an admin (docs/decisions/024).
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
