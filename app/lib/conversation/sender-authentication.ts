/**
 * What the receiving mail server found out about a message's sender, read
 * from its own Authentication-Results header (RFC 8601) and nothing else:
 * any other such header, and anything inside comments or quoted strings,
 * was written by whoever sent the message and proves nothing.
 */

/** One method's result as the header states it, with the properties it names (e.g. `header.d`). */
interface MethodResult {
  method: string;
  result: string;
  properties: Record<string, string>;
}

/**
 * pass: DMARC passed, or SPF or DKIM passed for the From domain (aligned).
 * fail: DMARC failed, or SPF or DKIM failed and nothing passed.
 * unverified: no verdict we can trust (no header from our server, no
 * authserv-id configured, or only neutral results).
 */
type SenderTrust = "pass" | "fail" | "unverified";

export interface SenderAuthentication {
  /** Each method's result, for the lead page's badges; empty when nothing can be trusted. */
  verdicts: Record<string, string>;
  trust: SenderTrust;
}

/** The header value with each comment (nested parentheses) and quoted string replaced by a space. */
function withoutCommentsAndQuotes(value: string): string {
  let out = "";
  let depth = 0;
  let quoted = false;
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index]!;
    if (quoted || depth > 0) {
      if (char === "\\") index += 1;
      else if (quoted && char === '"') quoted = false;
      else if (!quoted && char === "(") depth += 1;
      else if (!quoted && char === ")") depth -= 1;
      if (!quoted && depth === 0) out += " ";
      continue;
    }
    if (char === "(") depth = 1;
    else if (char === '"') quoted = true;
    else out += char;
    if (quoted || depth > 0) out += " ";
  }
  return out;
}

/**
 * One Authentication-Results value: its authserv-id and method results, or
 * null when it is not written by `authservId`.
 */
function resultsBy(value: string, authservId: string): MethodResult[] | null {
  const [head, ...resinfos] = withoutCommentsAndQuotes(value).split(";");
  // authserv-id [ version ]
  const id = head?.trim().split(/\s+/)[0]?.toLowerCase();
  if (!id || id !== authservId.toLowerCase()) return null;
  const results: MethodResult[] = [];
  for (const resinfo of resinfos) {
    const match = /^\s*([a-z0-9_-]+)(?:\/\d+)?\s*=\s*([a-z]+)\b(.*)$/is.exec(resinfo);
    if (!match) continue;
    const properties: Record<string, string> = {};
    for (const property of match[3]!.matchAll(/\b([a-z0-9_-]+\.[a-z0-9_.-]+)\s*=\s*(\S+)/gi)) {
      properties[property[1]!.toLowerCase()] ??= property[2]!.toLowerCase();
    }
    results.push({ method: match[1]!.toLowerCase(), result: match[2]!.toLowerCase(), properties });
  }
  return results;
}

/** The domain of an address or `@domain` identity, lower-cased. */
function domainOf(value: string | undefined): string | null {
  if (!value) return null;
  const at = value.lastIndexOf("@");
  const domain = (at >= 0 ? value.slice(at + 1) : value).replace(/[<>\s]/g, "").toLowerCase();
  return domain || null;
}

/**
 * Relaxed alignment without the public suffix list: the same domain, or one
 * a subdomain of the other. Stricter than DMARC's organisational domain in
 * odd cases (two sibling subdomains), never looser.
 */
function aligned(fromDomain: string, authenticated: string | null): boolean {
  if (!authenticated) return false;
  return (
    fromDomain === authenticated ||
    fromDomain.endsWith(`.${authenticated}`) ||
    authenticated.endsWith(`.${fromDomain}`)
  );
}

function trustOf(results: MethodResult[], fromAddress: string): SenderTrust {
  const fromDomain = domainOf(fromAddress);
  const of = (method: string) => results.filter((result) => result.method === method);
  const dmarc = of("dmarc");
  if (dmarc.some((result) => result.result === "pass")) return "pass";
  if (dmarc.some((result) => result.result === "fail")) return "fail";
  const spf = of("spf");
  const dkim = of("dkim");
  if (fromDomain) {
    const spfPass = spf.some(
      (result) =>
        result.result === "pass" &&
        aligned(fromDomain, domainOf(result.properties["smtp.mailfrom"] ?? result.properties["smtp.helo"])),
    );
    const dkimPass = dkim.some(
      (result) =>
        result.result === "pass" &&
        aligned(fromDomain, domainOf(result.properties["header.d"] ?? result.properties["header.i"])),
    );
    if (spfPass || dkimPass) return "pass";
  }
  const failed =
    spf.some((result) => result.result === "fail" || result.result === "softfail") ||
    dkim.some((result) => result.result === "fail");
  return failed ? "fail" : "unverified";
}

/**
 * The verdicts of the receiving server named `authservId` (MAIL_AUTHSERV_ID)
 * on this message, from its topmost header with that id (the one it added
 * on arrival; RFC 8601 §5 has it remove any forged ones). Without an
 * authserv-id no header can be told from a forgery: nothing is trusted.
 */
export function senderAuthentication(
  headers: Record<string, string>,
  fromAddress: string,
  authservId: string | null,
): SenderAuthentication {
  const header = headers["authentication-results"];
  if (!header || !authservId) return { verdicts: {}, trust: "unverified" };
  for (const value of header.split("\n")) {
    const results = resultsBy(value, authservId);
    if (!results) continue;
    const verdicts: Record<string, string> = {};
    for (const result of results) {
      if (["spf", "dkim", "dmarc"].includes(result.method)) verdicts[result.method] ??= result.result;
    }
    return { verdicts, trust: trustOf(results, fromAddress) };
  }
  return { verdicts: {}, trust: "unverified" };
}
