import { and, asc, eq, inArray } from "drizzle-orm";
import { ADMIN_PASSWORD_MIN_LENGTH } from "~/forms/auth";
import { user, userRoles } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { logger } from "~/lib/ops/logger.server";

export const ADMIN_ROLE = "admin";

const adminRoleOf = (userId: string) => and(eq(userRoles.user_id, userId), eq(userRoles.role, ADMIN_ROLE));

/** Gives these users the admin role; returns how many did not have it. */
async function addAdminRoles(db: Db, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const inserted = await db
    .insert(userRoles)
    .values(userIds.map((id) => ({ user_id: id, role: ADMIN_ROLE })))
    .onConflictDoNothing()
    .returning({ userId: userRoles.user_id });
  return inserted.length;
}

/** Never cached: a revoke takes effect on the next request. */
export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  return (await readAdminRole(db, userId)) !== null;
}

/**
 * Sign-up and reset cannot ask an admin for a longer password (the answer would tell who is listed in
 * ADMIN_EMAILS): whenever an admin's password is seen in plain text, whether it is long enough is
 * recorded, and the admin area stays closed until it is (docs/decisions/024).
 */
export async function recordAdminPasswordLength(db: Db, userId: string, password: string): Promise<void> {
  await db
    .update(userRoles)
    .set({ long_password: password.length >= ADMIN_PASSWORD_MIN_LENGTH })
    .where(adminRoleOf(userId));
}

/** The admin's role, and whether their password was last seen long enough; null for a non-admin. */
export async function readAdminRole(db: Db, userId: string): Promise<{ longPassword: boolean } | null> {
  const [row] = await db
    .select({ longPassword: userRoles.long_password })
    .from(userRoles)
    .where(adminRoleOf(userId))
    .limit(1);
  return row ?? null;
}

export class UnknownAccountError extends Error {
  override name = "UnknownAccountError";
  constructor(readonly email: string) {
    super(`No account is registered with the email address ${email}.`);
  }
}

const accountColumns = { id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified };
export type AccountSummary = { id: string; name: string; email: string; emailVerified: boolean };

export async function findAccountByEmail(db: Db, email: string): Promise<AccountSummary | null> {
  const [row] = await db
    .select(accountColumns)
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function requireAccount(db: Db, email: string): Promise<AccountSummary> {
  const account = await findAccountByEmail(db, email);
  if (!account) throw new UnknownAccountError(email);
  return account;
}

/** Makes the account with this address an admin; `changed` when it was not one already. */
export async function grantAdmin(db: Db, email: string) {
  const account = await requireAccount(db, email);
  return { account, changed: (await addAdminRoles(db, [account.id])) > 0 };
}

/** Removes the admin role; `changed` when the account had it. */
export async function revokeAdmin(db: Db, email: string) {
  const account = await requireAccount(db, email);
  const deleted = await db
    .delete(userRoles)
    .where(adminRoleOf(account.id))
    .returning({ userId: userRoles.user_id });
  return { account, changed: deleted.length > 0 };
}

export function listAdmins(db: Db) {
  return db
    .select({ ...accountColumns, grantedAt: userRoles.created_at })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.user_id))
    .where(eq(userRoles.role, ADMIN_ROLE))
    .orderBy(asc(user.email));
}

/**
 * At sign-in, not at verification: only the owner who signs in with the password they set counts, or
 * anyone could claim a listed address by signing up.
 */
export async function grantAdminIfListed(
  db: Db,
  account: { id: string; email: string },
  adminEmails: readonly string[],
): Promise<boolean> {
  if (!adminEmails.includes(account.email.trim().toLowerCase())) return false;
  const granted = (await addAdminRoles(db, [account.id])) > 0;
  if (granted) logger.info({ userId: account.id }, "admin role granted from ADMIN_EMAILS");
  return granted;
}

/** At start; additive: removing an address from ADMIN_EMAILS does not revoke (`npm run admin -- revoke`). */
export async function syncAdminEmails(db: Db, adminEmails: readonly string[]): Promise<number> {
  if (adminEmails.length === 0) return 0;
  const listed = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.emailVerified, true), inArray(user.email, [...adminEmails])));
  const granted = await addAdminRoles(
    db,
    listed.map((account) => account.id),
  );
  if (granted > 0) logger.info({ granted }, "admin roles granted from ADMIN_EMAILS");
  return granted;
}
