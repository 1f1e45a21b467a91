import { redirect } from "react-router";
import { authHeaders, readAuthFailure } from "../auth/auth.server";
import { type AppContext, authContext, databaseContext } from "../context.server";
import { adminPasswordMessages } from "~/forms/auth";
import { readAdminRole } from "../auth/roles.server";
import { hasSecondFactor, readSecondFactors } from "../auth/second-factor.server";
import { redirectWithToast } from "./toast.server";
import { getSession, type SignedInSession } from "../auth/viewer.server";

export type GuardedUser = SignedInSession["user"];

function currentPath(request: Request): string {
  const url = new URL(request.url);
  // A data request (/dashboard.data) comes back to its page.
  return url.pathname.replace(/\.data$/, "") + url.search;
}

function signInUrl(request: Request): string {
  return `/auth?${new URLSearchParams({ redirectTo: currentPath(request) }).toString()}`;
}

/** Like requireUser, with the session's details (its id, its second factor). */
export async function requireSession(context: AppContext, request: Request): Promise<SignedInSession> {
  const { session, headers } = await getSession(context, request);
  if (!session) throw redirect(signInUrl(request), headers ? { headers } : undefined);
  return session;
}

/**
 * For loaders and actions that need a signed-in user: anyone else is
 * redirected to sign in, and comes back here afterwards.
 */
export async function requireUser(context: AppContext, request: Request): Promise<{ user: GuardedUser }> {
  return { user: (await requireSession(context, request)).user };
}

/**
 * For every loader and action of the admin area. Anonymous visitors go to
 * sign in; signed-in users without the admin role go home. The role is read
 * from the database on every call. An admin's session must also have proved
 * a second factor (an authenticator code, a backup code or a passkey): an
 * admin without one is sent to set one up, and one who has a factor but
 * signed in without it (a session from before it was set up) signs in again.
 * Last, an admin whose password was not seen to have the admin length is
 * sent to set a longer one.
 */
export async function requireAdmin(context: AppContext, request: Request): Promise<{ user: GuardedUser }> {
  const session = await requireSession(context, request);
  const { db } = context.get(databaseContext);
  const role = await readAdminRole(db, session.user.id);
  if (!role) throw redirect("/");
  if (session.secondFactor) {
    if (role.longPassword) return { user: session.user };
    // Asked for here, not at sign-up or reset, whose answers would then
    // tell who is an admin (docs/decisions/024).
    throw await redirectWithToast(context, "/account#change-password", {
      title: "Set a longer password",
      description: adminPasswordMessages.needsLonger,
    });
  }

  const back = currentPath(request);
  if (!hasSecondFactor(await readSecondFactors(db, session.user.id))) {
    throw await redirectWithToast(
      context,
      `/account/two-factor?${new URLSearchParams({ redirectTo: back }).toString()}`,
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
  throw await redirectWithToast(
    context,
    signInUrl(request),
    {
      title: "Please sign in again",
      description: "Sign in with your authenticator code or passkey to open the dashboard.",
    },
    ended ? { headers: ended.headers } : undefined,
  );
}
