/**
 * Read from our receiving server's own Authentication-Results header (RFC 8601) and nothing else: any other such
 * header, and anything inside comments or quoted strings, was written by the sender and proves nothing.
 */

/** One method's result as the header states it, with the properties it names (e.g. `header.d`). */
interface MethodResult {
  method: string;
  result: string;
  properties: Record<string, string>;
}

/**
 * pass: DMARC passed, or SPF or DKIM passed aligned with the From domain. fail: DMARC failed, or SPF or DKIM
 * failed and nothing passed. unverified: no verdict we can trust.
 */
type SenderTrust = "pass" | "fail" | "unverified";

export type SenderAuthentication = ReturnType<typeof senderAuthentication>;

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

/** One Authentication-Results value's method results, or null when it is not written by `authservId`. */
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
 * Relaxed alignment without the public suffix list: the same domain, or one a subdomain of the other. Stricter
 * than DMARC's organisational domain for sibling subdomains, never looser.
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
  const alignedPass = (found: MethodResult[], identity: string, fallback: string) =>
    fromDomain !== null &&
    found.some(
      (result) =>
        result.result === "pass" &&
        aligned(fromDomain, domainOf(result.properties[identity] ?? result.properties[fallback])),
    );
  if (alignedPass(spf, "smtp.mailfrom", "smtp.helo") || alignedPass(dkim, "header.d", "header.i"))
    return "pass";
  const failed =
    spf.some((result) => result.result === "fail" || result.result === "softfail") ||
    dkim.some((result) => result.result === "fail");
  return failed ? "fail" : "unverified";
}

/**
 * The verdicts from the topmost header of the server named `authservId` (RFC 8601 §5 has it remove forged ones);
 * `verdicts` feed the lead page's badges. Without an authserv-id no header can be told from a forgery.
 */
export function senderAuthentication(
  headers: Record<string, string>,
  fromAddress: string,
  authservId: string | null,
): { verdicts: Record<string, string>; trust: SenderTrust } {
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
