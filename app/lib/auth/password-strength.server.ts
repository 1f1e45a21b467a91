import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { ADMIN_PASSWORD_MIN_LENGTH, authMessages } from "~/forms/auth";

/** zxcvbn's scale is 0–4; below this a password is refused. */
const MIN_PASSWORD_SCORE = 3;

let checker: Promise<ZxcvbnFactory> | undefined;

/**
 * The dictionaries are large: loaded on the first password check, not at
 * server start, and only on the server (the browser runs just the spec's
 * two checks).
 */
function getChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary },
        graphs: common.adjacencyGraphs,
      }),
  );
  return checker;
}

/**
 * The server's checks of a new password, after the spec's (mismatch, then
 * length): an admin account needs at least 12 characters, and no password
 * may be common or easy to guess (zxcvbn score below 3, also counting the
 * account's own address and name). Returns the message, or null.
 */
export async function checkNewPasswordStrength(
  password: string,
  account: { email?: string; name?: string; admin: boolean },
): Promise<string | null> {
  if (account.admin && password.length < ADMIN_PASSWORD_MIN_LENGTH) return authMessages.adminPasswordTooShort;
  const userInputs = [account.email, account.email?.split("@")[0], account.name].filter(
    (value): value is string => Boolean(value),
  );
  const { score } = (await getChecker()).check(password, userInputs);
  return score < MIN_PASSWORD_SCORE ? authMessages.passwordTooWeak : null;
}
