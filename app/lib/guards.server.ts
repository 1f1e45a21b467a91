import { redirect } from "react-router";
import { getDb } from "./db.server";
import { isAdmin } from "./roles.server";
import { getSession, type SignedInSession } from "./viewer.server";

export type GuardedUser = SignedInSession["user"];

function signInUrl(request: Request): string {
  const url = new URL(request.url);
  return `/auth?${new URLSearchParams({ redirectTo: url.pathname + url.search }).toString()}`;
}

/**
 * For loaders and actions that need a signed-in user: anyone else is
 * redirected to sign in, and comes back here afterwards.
 */
export async function requireUser(request: Request): Promise<{ user: GuardedUser }> {
  const { session, headers } = await getSession(request);
  if (!session) throw redirect(signInUrl(request), headers ? { headers } : undefined);
  return { user: session.user };
}

/**
 * For every loader and action of the admin area. Anonymous visitors go to
 * sign in; signed-in users without the admin role go home. The role is read
 * from the database on every call.
 */
export async function requireAdmin(request: Request): Promise<{ user: GuardedUser }> {
  const { user } = await requireUser(request);
  if (!(await isAdmin(await getDb(), user.id))) throw redirect("/");
  return { user };
}
