/** One key per mailbox however its address is spelled, so a per-address limit cannot be stepped around. */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

export function addressKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  const domain = lower.slice(at + 1);
  let local = lower.slice(0, at).split("+")[0] || lower.slice(0, at);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, "");
    return `${local}@gmail.com`;
  }
  return `${local}@${domain}`;
}

/** The domain part of an address key (lower case); "" when it has none. */
export function addressKeyDomain(key: string): string {
  const at = key.lastIndexOf("@");
  return at >= 0 ? key.slice(at + 1) : "";
}
