import type { Auth } from "~/lib/auth/auth.server";
import { secretOfUri, unusedTotpCode } from "./totp";

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
    body: { code: await unusedTotpCode(secret) },
    headers: passwordOnly,
    returnHeaders: true,
  });
  return { cookie: cookieOf(verified.headers), secret };
}

/** A same-origin form POST to a running site, as a browser sends it; redirects are not followed. */
export function postForm(
  siteUrl: string,
  urlPath: string,
  fields: Record<string, string>,
  cookie = "",
): Promise<Response> {
  return fetch(`${siteUrl}${urlPath}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: siteUrl, cookie },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** The `name=value` of the first non-empty cookie a response sets whose name contains `part`. */
function setCookie(response: Response, part: string): string | undefined {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => cookie.split("=")[0]!.includes(part) && !cookie.endsWith("="));
}

/**
 * Signs an admin in over HTTP the way the sign-in form does: the password
 * step (on `passwordSiteUrl`), then the authenticator code step (on
 * `codeSiteUrl`, the same site unless another instance is to take it).
 * Throws when a step does not answer as it should. Returns where the
 * password step sent the browser and the `name=value` session cookie.
 */
export async function signInAdminOverHttp(
  account: { email: string; password: string; totpSecret: string },
  passwordSiteUrl: string,
  { codeSiteUrl = passwordSiteUrl, redirectTo = "/" }: { codeSiteUrl?: string; redirectTo?: string } = {},
): Promise<{ passwordStepLocation: string | null; session: string }> {
  const passwordStep = await postForm(passwordSiteUrl, "/auth", {
    intent: "sign-in",
    email: account.email,
    password: account.password,
    redirectTo,
  });
  const challenge = setCookie(passwordStep, "two_factor");
  if (passwordStep.status !== 302 || !challenge) {
    throw new Error(`password step: ${passwordStep.status}, no two-factor challenge cookie`);
  }
  const codeStep = await postForm(
    codeSiteUrl,
    "/auth/two-factor",
    { intent: "totp", code: await unusedTotpCode(account.totpSecret), redirectTo },
    challenge,
  );
  const session = setCookie(codeStep, "session_token");
  if (codeStep.status !== 302 || !session) {
    throw new Error(`code step: ${codeStep.status}, no session cookie`);
  }
  return { passwordStepLocation: passwordStep.headers.get("location"), session };
}
