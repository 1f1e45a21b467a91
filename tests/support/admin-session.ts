import type { Auth } from "~/lib/auth/auth.server";
import { secretOfUri, totpCode } from "./totp";

/**
 * A signed-in admin as the dashboard accepts one: signs in with the
 * password, enrols an authenticator through Better Auth's own API and
 * confirms it with a code, which leaves a session that proved the second
 * factor. Returns the `name=value` session cookie and the TOTP secret.
 */
export async function signInAdminWithTotp(
  auth: Auth,
  cookieName: string,
  account: { email: string; password: string },
): Promise<{ cookie: string; secret: string }> {
  const cookieOf = (headers: Headers) => {
    const setCookie = headers.getSetCookie().find((cookie) => cookie.startsWith(`${cookieName}=`));
    if (!setCookie) throw new Error(`no session cookie for ${account.email}`);
    return setCookie.split(";")[0] ?? "";
  };
  const signedIn = await auth.api.signInEmail({
    body: { email: account.email, password: account.password },
    returnHeaders: true,
  });
  const passwordOnly = new Headers({ cookie: cookieOf(signedIn.headers) });
  const enabled = await auth.api.enableTwoFactor({
    body: { password: account.password },
    headers: passwordOnly,
  });
  if (!("totpURI" in enabled) || !enabled.totpURI) throw new Error("no TOTP URI");
  const secret = secretOfUri(enabled.totpURI);
  const verified = await auth.api.verifyTOTP({
    body: { code: totpCode(secret) },
    headers: passwordOnly,
    returnHeaders: true,
  });
  return { cookie: cookieOf(verified.headers), secret };
}
