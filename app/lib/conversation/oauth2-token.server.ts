/**
 * Access tokens for team mailboxes whose server takes no password (Microsoft 365 has turned basic authentication
 * off for IMAP): the OAuth2 client credentials grant (RFC 6749 §4.4).
 */
import { z } from "zod";

export interface OAuth2Client {
  /** The token endpoint, e.g. https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** e.g. https://outlook.office365.com/.default; sent only when set. */
  scope?: string;
}

export interface AccessTokenSource {
  /** A token to sign in with: the kept one while it is fresh, else a new one. */
  get(): Promise<string>;
  /** The server refused this token (revoked, or its permissions changed): the next `get` fetches another. */
  forget(token: string): void;
}

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  // Some endpoints send it as a string.
  expires_in: z.coerce.number().positive().optional(),
});

const ErrorResponseSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

/** A token with no stated lifetime is used for this long at most. */
const UNSTATED_LIFETIME_MS = 5 * 60_000;
/** A token is replaced this long before it expires (or at half its lifetime, when that is later). */
const REFRESH_MARGIN_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 15_000;

/** When a token obtained at `obtainedAt` and valid for `lifetimeMs` should be replaced. */
export function refreshTime(obtainedAt: number, lifetimeMs: number): number {
  return obtainedAt + Math.max(lifetimeMs - REFRESH_MARGIN_MS, lifetimeMs / 2);
}

/** The endpoint's own words for a refusal (never the request, which holds the secret). */
async function describeRefusal(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the status says enough
  }
  const error = ErrorResponseSchema.safeParse(parsed);
  const detail = error.success
    ? `${error.data.error}${error.data.error_description ? `: ${error.data.error_description.split("\n")[0]}` : ""}`
    : "";
  return `the OAuth2 token endpoint answered ${response.status}${detail ? ` (${detail})` : ""}`;
}

async function requestToken(client: OAuth2Client): Promise<{ token: string; lifetimeMs: number }> {
  const body = new URLSearchParams({
    grant_type: "client_credentials",
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  if (client.scope) body.set("scope", client.scope);
  const response = await fetch(client.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body,
    // A redirect would send the client secret again to wherever it points (307 and 308 keep the body).
    redirect: "manual",
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new Error(
      `the OAuth2 token endpoint answered ${response.status} (a redirect, not followed: set IMAP_OAUTH2_TOKEN_URL to the final address)`,
    );
  }
  if (!response.ok) throw new Error(await describeRefusal(response));
  const parsed = TokenResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error("the OAuth2 token endpoint answered without an access_token");
  const { access_token: token, expires_in: expiresIn } = parsed.data;
  return { token, lifetimeMs: expiresIn === undefined ? UNSTATED_LIFETIME_MS : expiresIn * 1000 };
}

/** One client's tokens, shared by every mailbox: callers at the same moment share one request. */
export function createAccessTokenSource(
  client: OAuth2Client,
  { now = Date.now }: { now?: () => number } = {},
): AccessTokenSource {
  let kept: { token: string; refreshAt: number } | null = null;
  let pending: Promise<string> | null = null;
  return {
    get() {
      if (kept && now() < kept.refreshAt) return Promise.resolve(kept.token);
      pending ??= (async () => {
        try {
          const obtainedAt = now();
          const { token, lifetimeMs } = await requestToken(client);
          kept = { token, refreshAt: refreshTime(obtainedAt, lifetimeMs) };
          return token;
        } finally {
          pending = null;
        }
      })();
      return pending;
    },
    forget(token) {
      if (kept?.token === token) kept = null;
    },
  };
}
