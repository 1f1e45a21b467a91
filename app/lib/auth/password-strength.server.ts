import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { ADMIN_PASSWORD_MIN_LENGTH, authMessages } from "~/forms/auth";

/** zxcvbn's scale is 0–4; below this a password is refused. */
const MIN_PASSWORD_SCORE = 3;

let checker: Promise<ZxcvbnFactory> | undefined;

/** The dictionaries are large: loaded on the first check, on the server only. */
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
 * After the spec's checks: an admin needs ADMIN_PASSWORD_MIN_LENGTH characters, and no password may be
 * easy to guess (counting the account's own address and name). The message, or null.
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
