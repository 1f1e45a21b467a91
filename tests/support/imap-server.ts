import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { ensureDovecot } from "../../scripts/ensure-dovecot";
import { freePort } from "./server-process";

export interface ImapServer {
  readonly port: number;
  /** `imap://user:password@127.0.0.1:port/Folder`, as IMAP_URL takes it. */
  url(user: string, folder?: string): string;
  createFolder(user: string, folder: string): Promise<void>;
  /** Delivers a raw RFC 5322 message (IMAP APPEND); resolves to its UID. */
  append(user: string, folder: string, raw: string): Promise<number>;
  /**
   * Deletes the folder and makes it again with the same messages (and any
   * `extra`, after them or, with `extraFirst`, before them), as a migrated or
   * rebuilt mailbox would be: a new UIDVALIDITY.
   */
  recreateFolder(
    user: string,
    folder: string,
    extra?: string[],
    options?: { extraFirst?: boolean },
  ): Promise<{ before: number; after: number }>;
  /** The folder's messages: UID and flags (the fetcher must leave them as they were). */
  messages(user: string, folder: string): Promise<{ uid: number; flags: string[] }[]>;
  /** Stops Dovecot (clients lose their connections); `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  log(): string;
  dispose(): Promise<void>;
}

/** Every capability Dovecot 2.3 announces after login except IDLE: a server that must be polled. */
const CAPABILITIES_WITHOUT_IDLE =
  "IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE SORT THREAD=REFERENCES MULTIAPPEND UNSELECT CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED I18NLEVEL=1 CONDSTORE ESEARCH SEARCHRES WITHIN LIST-STATUS BINARY MOVE LITERAL+";

/**
 * Dovecot's oauth2 passdb asking `introspectionUrl` (RFC 7662, POST) whether
 * a token is active and which user it opens, for XOAUTH2 logins only: the
 * mechanism Microsoft 365 offers, so clients take the same path.
 */
function oauth2Config(dir: string, introspectionUrl: string): { mechanisms: string; passdb: string } {
  fs.writeFileSync(
    path.join(dir, "dovecot-oauth2.conf.ext"),
    `introspection_mode = post
introspection_url = ${introspectionUrl}
force_introspection = yes
username_attribute = username
active_attribute = active
active_value = true
`,
  );
  return {
    mechanisms: "plain login xoauth2",
    passdb: `passdb {
  driver = oauth2
  mechanisms = xoauth2
  args = ${dir}/dovecot-oauth2.conf.ext
}
`,
  };
}

function dovecotConfig(
  dir: string,
  port: number,
  idle: boolean,
  oauth2?: { introspectionUrl: string },
): string {
  const tokens = oauth2 ? oauth2Config(dir, oauth2.introspectionUrl) : null;
  // Dovecot refuses to run its login and mail processes as root: as root,
  // the accounts Debian's package made; otherwise everything as this user.
  const root = process.getuid?.() === 0;
  const me = os.userInfo();
  const [internalUser, loginUser, mailUser] = root
    ? ["dovecot", "dovenull", "uid=dovecot gid=dovecot"]
    : [me.username, me.username, `uid=${me.uid} gid=${me.gid}`];
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = imap-test-${port}
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = ${tokens?.mechanisms ?? "plain login"}
default_internal_user = ${internalUser}
default_internal_group = ${root ? "dovecot" : os.userInfo().username}
default_login_user = ${loginUser}
first_valid_uid = 1
# Refused logins are answered at once: the tests retry them on purpose.
auth_failure_delay = 0 secs
mail_location = maildir:${dir}/mail/%u
mailbox_idle_check_interval = 1 secs
${idle ? "" : `imap_capability = ${CAPABILITIES_WITHOUT_IDLE}\n`}${tokens?.passdb ?? ""}passdb {
  driver = passwd-file
  args = ${dir}/passwd
${tokens ? "  mechanisms = plain login\n" : ""}}
userdb {
  driver = static
  args = ${mailUser} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0600
  }
  unix_listener stats-writer {
    mode = 0600
  }
}
`;
}

async function waitForGreeting(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`dovecot exited (${child.exitCode}):\n${log()}`);
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("data", (data) => (socket.destroy(), resolve(data.toString().startsWith("* OK"))));
      socket.once("error", () => resolve(false));
    });
    if (greeted) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`dovecot did not answer on ${port}:\n${log()}`);
}

/**
 * Debian's Dovecot (installed when missing) as a private IMAP server: its own
 * configuration, Maildir and users in a temporary directory, plaintext
 * logins on a free loopback port, no TLS. `idle: false` leaves IDLE out of
 * its capabilities, so clients have to poll. With `oauth2`, XOAUTH2 logins
 * are accepted too, for whatever user the introspection endpoint says a
 * token opens.
 */
export async function startImapServer({
  users,
  idle = true,
  oauth2,
}: {
  users: Record<string, string>;
  idle?: boolean;
  oauth2?: { introspectionUrl: string };
}): Promise<ImapServer> {
  const dovecot = ensureDovecot();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imap-test-"));
  const port = await freePort();
  fs.mkdirSync(path.join(dir, "mail"));
  if (process.getuid?.() === 0) {
    fs.chmodSync(dir, 0o755);
    fs.chownSync(path.join(dir, "mail"), ...dovecotIds());
  }
  fs.writeFileSync(
    path.join(dir, "passwd"),
    Object.entries(users)
      .map(([user, password]) => `${user}:{PLAIN}${password}::::::\n`)
      .join(""),
  );
  fs.writeFileSync(path.join(dir, "dovecot.conf"), dovecotConfig(dir, port, idle, oauth2));
  const log = () => {
    const file = path.join(dir, "dovecot.log");
    return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  };

  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    const started = spawn(dovecot, ["-F", "-c", path.join(dir, "dovecot.conf")], { stdio: "ignore" });
    child = started;
    exited = new Promise((resolve) => started.once("exit", () => resolve()));
    await waitForGreeting(port, started, log);
  };
  const stop = async () => {
    if (child && child.exitCode === null) child.kill("SIGTERM");
    await exited;
    child = null;
  };

  const as = async <T>(user: string, work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const password = users[user];
    if (password === undefined) throw new Error(`no test user ${user}`);
    const client = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
      disableAutoIdle: true,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };
  const append = async (client: ImapFlow, folder: string, raw: string) => {
    const appended = await client.append(folder, Buffer.from(raw.replace(/\r?\n/g, "\r\n")));
    if (!appended || !appended.uid) throw new Error(`APPEND to ${folder} returned no UID`);
    return appended.uid;
  };
  const uidValidity = async (client: ImapFlow, folder: string) => {
    const status = await client.status(folder, { uidValidity: true });
    if (!status) throw new Error(`no STATUS for ${folder}`);
    return Number(status.uidValidity);
  };

  await start();
  return {
    port,
    url: (user, folder = "INBOX") =>
      `imap://${encodeURIComponent(user)}:${encodeURIComponent(users[user] ?? "")}@127.0.0.1:${port}/${encodeURIComponent(folder)}`,
    createFolder: (user, folder) => as(user, async (client) => void (await client.mailboxCreate(folder))),
    append: (user, folder, raw) => as(user, (client) => append(client, folder, raw)),
    recreateFolder: (user, folder, extra = [], { extraFirst = false } = {}) =>
      as(user, async (client) => {
        const before = await uidValidity(client, folder);
        await client.mailboxOpen(folder, { readOnly: true });
        const messages = await client.fetchAll("1:*", { uid: true, source: true }, { uid: true });
        await client.mailboxClose();
        await client.mailboxDelete(folder);
        await client.mailboxCreate(folder);
        const sources = messages.sort((a, b) => a.uid - b.uid).map((message) => message.source!.toString());
        for (const raw of extraFirst ? [...extra, ...sources] : [...sources, ...extra]) {
          await append(client, folder, raw);
        }
        const after = await uidValidity(client, folder);
        if (after === before) throw new Error(`${folder} kept UIDVALIDITY ${before} when made again`);
        return { before, after };
      }),
    messages: (user, folder) =>
      as(user, async (client) => {
        await client.mailboxOpen(folder, { readOnly: true });
        const messages = await client.fetchAll("1:*", { uid: true, flags: true }, { uid: true });
        return (
          messages
            // \Recent is the session's, not a flag a client sets.
            .map((message) => ({
              uid: message.uid,
              flags: [...(message.flags ?? [])].filter((f) => f !== "\\Recent"),
            }))
            .sort((a, b) => a.uid - b.uid)
        );
      }),
    stop,
    start,
    log,
    async dispose() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function dovecotIds(): [number, number] {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("dovecot:"));
  const [, , uid, gid] = line?.split(":") ?? [];
  if (!uid || !gid) throw new Error("Debian's dovecot package made no dovecot account");
  return [Number(uid), Number(gid)];
}
