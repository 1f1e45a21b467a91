import { createCookie, data } from "react-router";
import { clientLinkDays } from "~/content/kyc-checklists";
import { clientIpContext, databaseContext, envContext, type AppContext } from "~/lib/context.server";
import { consumeRateLimit, isRateLimited } from "~/lib/http/rate-limit.server";
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

/**
 * The inquiry a link opens, or a 429 or a 403. Opening a link counts against the address's limit; on the page,
 * only a refused cookie counts, so a client's own use (and a malformed form) changes nothing.
 */
export async function openLinkOrRefuse(
  context: AppContext,
  token: string,
  via: keyof typeof LIMITS = "link",
): Promise<string> {
  const db = context.get(databaseContext).db;
  const key = `client-${via}:ip:${context.get(clientIpContext)}`;
  const tooMany = (retryAfterSeconds: number) =>
    data("Too many attempts. Please try again later.", {
      status: 429,
      headers: { "Retry-After": String(retryAfterSeconds) },
    });
  if (via === "link") {
    const limit = await consumeRateLimit(db, key, LIMITS.link);
    if (!limit.allowed) throw tooMany(limit.retryAfterSeconds);
  } else if (await isRateLimited(db, key, LIMITS.page)) {
    throw tooMany(Math.ceil((LIMITS.page.windowMs - (Date.now() % LIMITS.page.windowMs)) / 1000));
  }
  const inquiryId = await openClientLink(db, token);
  if (inquiryId) return inquiryId;
  if (via === "page") await consumeRateLimit(db, key, LIMITS.page);
  throw data(LINK_REFUSED, { status: 403 });
}

/** The inquiry of this request's client session, or a 403: no cookie, or its link expired or was revoked. */
export async function guardedClientInquiry(context: AppContext, request: Request): Promise<string> {
  const token: unknown = await clientCookie(context.get(envContext).SITE_URL).parse(
    request.headers.get("cookie"),
  );
  if (typeof token !== "string") throw data(LINK_REFUSED, { status: 403 });
  return openLinkOrRefuse(context, token, "page");
}
