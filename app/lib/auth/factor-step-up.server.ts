import { type AppContext, databaseContext } from "~/lib/context.server";
import { authLimitRefusal } from "~/lib/auth/auth-limits.server";
import {
  mayChangeSecondFactors,
  readSecondFactors,
  type SecondFactors,
} from "~/lib/auth/second-factor.server";
import type { SignedInSession } from "~/lib/auth/viewer.server";

export type FactorChangeGate =
  | { ok: true; factors: SecondFactors }
  | { ok: false; message: string; status: 403 | 429; init?: ResponseInit };

/**
 * What every change to second factors passes first: a session that proved one when the account has one,
 * then the change's rate limit. `stepUpMessage`: the refusal in the asking page's words.
 */
export async function gateFactorChange(
  context: AppContext,
  session: SignedInSession,
  limit: "two-factor" | "passkey",
  stepUpMessage: string,
): Promise<FactorChangeGate> {
  const { db } = context.get(databaseContext);
  const factors = await readSecondFactors(db, session.user.id);
  if (!mayChangeSecondFactors(session, factors)) return { ok: false, message: stepUpMessage, status: 403 };
  const over = await authLimitRefusal(context, limit, session.user.email);
  return over ? { ok: false, status: 429, ...over } : { ok: true, factors };
}
