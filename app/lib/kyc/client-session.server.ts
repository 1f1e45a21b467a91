import { createCookie, data } from "react-router";
import { clientLinkDays } from "~/content/kyc-checklists";
import { clientIpContext, databaseContext, envContext, type AppContext } from "~/lib/context.server";
import { consumeRateLimit } from "~/lib/http/rate-limit.server";
import { openClientLink } from "~/lib/kyc/client-links.server";

/**
 * The client page's session: the link's token in a cookie sent only to /client, checked against the stored hash
 * on every request, so a revoked or expired link ends the session at once, and it opens that one inquiry alone.
 */
export function clientCookie(siteUrl: string) {
  return createCookie("vm_client", {
    path: "/client",
    httpOnly: true,
    sameSite: "lax",
    secure: siteUrl.startsWith("https:"),
    maxAge: clientLinkDays * 86_400,
  });
}

/** A guesser gets this many tries an hour from one address: at a link, and (a page's use) with a cookie. */
const LIMITS = {
  link: { max: 30, windowMs: 3_600_000 },
  page: { max: 600, windowMs: 3_600_000 },
} as const;

const LINK_REFUSED =
  "This link has expired or was withdrawn. Please ask us for a new one by replying to our last e-mail.";

/** The inquiry a link opens, counted against the address's limit; a 429 or a 403 otherwise. */
export async function openLinkOrRefuse(
  context: AppContext,
  token: string,
  via: keyof typeof LIMITS = "link",
): Promise<string> {
  const db = context.get(databaseContext).db;
  const limit = await consumeRateLimit(db, `client-${via}:ip:${context.get(clientIpContext)}`, LIMITS[via]);
  if (!limit.allowed) {
    throw data("Too many attempts. Please try again later.", {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const inquiryId = await openClientLink(db, token);
  if (!inquiryId) throw data(LINK_REFUSED, { status: 403 });
  return inquiryId;
}

/** The inquiry of this request's client session, or a 403: no cookie, or its link expired or was revoked. */
export async function guardedClientInquiry(context: AppContext, request: Request): Promise<string> {
  const token: unknown = await clientCookie(context.get(envContext).SITE_URL).parse(
    request.headers.get("cookie"),
  );
  if (typeof token !== "string") throw data(LINK_REFUSED, { status: 403 });
  return openLinkOrRefuse(context, token, "page");
}
