import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";
import type { Env } from "~/lib/env.server";

/** Which hops may set X-Forwarded-For: proxy-addr's test, made from TRUST_PROXY as Express makes it. */
export type TrustProxy = (address: string, hop: number) => boolean;

export function compileTrustProxy(value: Env["TRUST_PROXY"]): TrustProxy {
  if (value === true) return () => true;
  if (value === false) return () => false;
  if (typeof value === "number") return (_address, hop) => hop < value;
  return proxyAddr.compile(value.split(",").map((entry) => entry.trim()));
}

/**
 * The client's address for a request Express does not see (the fast path):
 * the same answer as Express's `req.ip` under the same TRUST_PROXY.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  return proxyAddr(req, trust);
}
