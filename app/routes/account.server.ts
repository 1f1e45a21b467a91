import { and, desc, eq, gt } from "drizzle-orm";
import { errorToast } from "~/components/toast";
import { data } from "react-router";
import type { Toast } from "~/lib/http/toast";
import { ChangePasswordSchema, EndSessionSchema } from "~/forms/auth";
import { RemovePasskeySchema } from "~/forms/passkey";
import { type FieldErrors, parseForm } from "~/forms/parse-form";
import { authLimitRefusal } from "~/lib/auth/auth-limits.server";
import { authHeaders, readAuthFailure } from "~/lib/auth/auth.server";
import { passkeyMessages } from "~/lib/auth/passkey-actions.server";
import { listAccountInquiries } from "~/lib/kyc/account-inquiries.server";
import { logger } from "~/lib/ops/logger.server";
import { checkNewPasswordStrength } from "~/lib/auth/password-strength.server";
import { isAdmin, readAdminRole, recordAdminPasswordLength } from "~/lib/auth/roles.server";
import { listPasskeys, removePasskey } from "~/lib/auth/passkeys.server";
import { gateFactorChange } from "~/lib/auth/factor-step-up.server";
import {
  endOtherSessions,
  hasSecondFactor,
  mayChangeSecondFactors,
  readSecondFactors,
} from "~/lib/auth/second-factor.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { describeDevice } from "~/lib/auth/user-agent";
import type { SignedInSession } from "~/lib/auth/viewer.server";
import { session as sessionTable } from "~db/schema";
import { type AppContext, authContext, clientIpContext, databaseContext } from "~/lib/context.server";

export type AccountIntent = "change-password" | "end-session" | "end-other-sessions" | "remove-passkey";

export interface AccountActionData {
  intent: AccountIntent;
  fieldErrors?: FieldErrors<"currentPassword" | "password" | "confirmPassword">;
  toast: Toast;
}

export async function loadAccountPage(context: AppContext, session: SignedInSession) {
  const { db } = context.get(databaseContext);
  const userId = session.user.id;
  const [rows, factors, adminRole, passkeys, inquiries] = await Promise.all([
    db
      .select()
      .from(sessionTable)
      .where(and(eq(sessionTable.userId, userId), gt(sessionTable.expiresAt, new Date())))
      .orderBy(desc(sessionTable.updatedAt)),
    readSecondFactors(db, userId),
    readAdminRole(db, userId),
    listPasskeys(db, userId),
    listAccountInquiries(db, userId),
  ]);
  const sessions = rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    // Better Auth refreshes it at most daily.
    lastSeen: row.updatedAt.toISOString(),
    signedInAt: row.createdAt.toISOString(),
    current: row.id === session.sessionId,
  }));
  sessions.sort((a, b) => Number(b.current) - Number(a.current));
  return data(
    {
      user: session.user,
      sessions,
      factors,
      isAdmin: adminRole !== null,
      /** An admin whose password was not seen to have the admin length: the dashboard waits for it. */
      needsLongerPassword: adminRole !== null && !adminRole.longPassword,
      passkeys,
      inquiries,
      mayChangeFactors: mayChangeSecondFactors(session, factors),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

function refuse(
  intent: AccountIntent,
  description: string,
  status: number,
  fieldErrors?: AccountActionData["fieldErrors"],
  init?: ResponseInit,
) {
  return data<AccountActionData>(
    { intent, fieldErrors, toast: errorToast(description) },
    { ...init, status },
  );
}

export async function accountAction(
  context: AppContext,
  request: Request,
  session: SignedInSession,
  intent: AccountIntent,
  formData: FormData,
) {
  const { db } = context.get(databaseContext);
  const clientIp = context.get(clientIpContext);
  const userId = session.user.id;

  if (intent === "end-session") {
    const chosen = parseForm(EndSessionSchema, formData);
    if (!chosen.ok) return refuse(intent, chosen.first, 400);
    const { id } = chosen.data;
    if (id === session.sessionId) {
      return refuse(intent, "To end this session, sign out.", 400);
    }
    // Scoped to the signed-in user: another user's session id changes nothing.
    const ended = await db
      .delete(sessionTable)
      .where(and(eq(sessionTable.id, id), eq(sessionTable.userId, userId)))
      .returning({ id: sessionTable.id });
    if (ended.length === 0) {
      return refuse(intent, "That session has already ended.", 404);
    }
    logger.info({ userId }, "session ended from the account page");
    return redirectWithToast(context, "/account", { title: "Session ended" });
  }

  if (intent === "remove-passkey") {
    const chosen = parseForm(RemovePasskeySchema, formData);
    if (!chosen.ok) return refuse(intent, chosen.first, 400);
    const { id } = chosen.data;
    const gate = await gateFactorChange(context, session, "passkey", passkeyMessages.needsStrongerSession);
    if (!gate.ok) return refuse(intent, gate.message, gate.status, undefined, gate.init);
    const remaining = { ...gate.factors, passkeys: gate.factors.passkeys - 1 };
    if (!hasSecondFactor(remaining) && (await isAdmin(db, userId))) {
      return refuse(
        intent,
        "Administrator accounts must keep a second factor: add another passkey or an authenticator app first.",
        403,
      );
    }
    if (!(await removePasskey(db, userId, id))) {
      return refuse(intent, "That passkey has already been removed.", 404);
    }
    logger.info({ userId }, "passkey removed from the account page");
    return redirectWithToast(context, "/account", { title: "Passkey removed" });
  }

  if (intent === "end-other-sessions") {
    const ended = await endOtherSessions(db, userId, { id: session.sessionId });
    logger.info({ userId, ended }, "other sessions ended from the account page");
    return redirectWithToast(context, "/account", {
      title: ended === 1 ? "1 other session ended" : `${ended} other sessions ended`,
    });
  }

  const parsed = parseForm(ChangePasswordSchema, formData);
  if (!parsed.ok) return refuse(intent, parsed.first, 400, parsed.fieldErrors);
  const over = await authLimitRefusal(context, "change-password", session.user.email);
  if (over) return refuse(intent, over.message, 429, undefined, over.init);
  // After the spec's checks: an admin needs 12 characters, nobody a guessable
  // password. The account's own role: this tells its owner nothing new.
  const weak = await checkNewPasswordStrength(parsed.data.password, {
    email: session.user.email,
    name: session.user.name,
    admin: await isAdmin(db, userId),
  });
  if (weak) return refuse(intent, weak, 400, { password: weak });
  const auth = context.get(authContext);
  try {
    // Better Auth ends every other session and replaces this one (a new cookie).
    const { headers } = await auth.api.changePassword({
      body: {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.password,
        revokeOtherSessions: true,
      },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
    await recordAdminPasswordLength(db, userId, parsed.data.password);
    logger.info({ userId }, "password changed; other sessions ended");
    return redirectWithToast(
      context,
      "/account",
      { title: "Password changed", description: "You were signed out everywhere else." },
      { headers },
    );
  } catch (error) {
    const failure = readAuthFailure(error);
    if (!failure) throw error;
    if (failure.code === "INVALID_PASSWORD") {
      const message = "Your current password is not right.";
      return refuse(intent, message, 400, { currentPassword: message });
    }
    logger.warn({ code: failure.code }, "password change refused");
    return refuse(intent, failure.message, 400);
  }
}
