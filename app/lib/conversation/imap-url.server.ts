/** One team mailbox (and folder) to fetch, from IMAP_URL. */
export interface MailboxAddress {
  /** `imaps://user@host[:port]/Folder`, without the password: its cursor's key, metrics label and log name. */
  key: string;
  /** `user/Folder`: what /readyz shows (neither host nor password). */
  label: string;
  host: string;
  port: number;
  /** imaps:// (TLS from the start); imap:// upgrades with STARTTLS except on loopback. */
  secure: boolean;
  user: string;
  /** Null: the mailbox signs in with an OAuth2 access token (IMAP_OAUTH2_*) instead. */
  password: string | null;
  folder: string;
}

const DEFAULT_PORTS = { "imap:": 143, "imaps:": 993 } as const;
const EXPECTED = "expected imap:// or imaps://user[:password]@host[:port]/Folder";
/** Without a password, a mailbox signs in with OAuth2, which needs IMAP_OAUTH2_TOKEN_URL. */
export const CREDENTIALS_REQUIRED =
  "user and password are required, or a user and IMAP_OAUTH2_TOKEN_URL for OAuth2; write @ in the user name as %40";

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** True for the addresses where a plaintext connection never leaves the machine. */
export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "[::1]" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The error never repeats the value: it holds a password, and configuration errors are logged. */
function parseOne(value: string, position: string): MailboxAddress | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${position}${EXPECTED}`;
  }
  const protocol = url.protocol;
  if (protocol !== "imap:" && protocol !== "imaps:") return `${position}${EXPECTED}`;
  const user = decode(url.username);
  const password = decode(url.password);
  if (!url.hostname) return `${position}${EXPECTED} (no host)`;
  if (!user || password === null) return `${position}${EXPECTED} (${CREDENTIALS_REQUIRED})`;
  if (url.search || url.hash) return `${position}${EXPECTED} (no ?query or #fragment)`;
  const folder = decode(url.pathname.replace(/^\/+/, "")) ?? "";
  const host = url.hostname.toLowerCase();
  const port = url.port ? Number(url.port) : DEFAULT_PORTS[protocol];
  const portPart = url.port && port !== DEFAULT_PORTS[protocol] ? `:${port}` : "";
  const name = folder || "INBOX";
  return {
    key: `${protocol}//${encodeURIComponent(user)}@${host}${portPart}/${name}`,
    label: `${user}/${name}`,
    host,
    port,
    secure: protocol === "imaps:",
    user,
    password: password || null,
    folder: name,
  };
}

/** IMAP_URL: one or more comma-separated mailbox URLs; each mailbox once. */
export function parseImapUrls(value: string): { mailboxes: MailboxAddress[] } | { error: string } {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const mailboxes: MailboxAddress[] = [];
  for (const [index, entry] of entries.entries()) {
    const position = entries.length > 1 ? `entry ${index + 1}: ` : "";
    const parsed = parseOne(entry, position);
    if (typeof parsed === "string") return { error: parsed };
    if (mailboxes.some((mailbox) => mailbox.key === parsed.key)) {
      return { error: `${position}the same mailbox and folder is listed twice` };
    }
    mailboxes.push(parsed);
  }
  return { mailboxes };
}
