import proxyAddr from "proxy-addr";
import { z } from "zod";
import { company } from "~/content/company";
import { DEFAULT_MATCH_THRESHOLD } from "~/content/sanctions";
import {
  CREDENTIALS_REQUIRED,
  isLoopbackHost,
  type MailboxAddress,
  parseImapUrls,
} from "~/lib/conversation/imap-url.server";
import type { OAuth2Client } from "~/lib/conversation/oauth2-token.server";
import { cronForInterval } from "~/lib/jobs/interval-cron";
import {
  missingWhatsAppSettings,
  type WhatsAppChannel,
  whatsAppChannelOf,
  whatsAppSettingFields,
} from "~/lib/whatsapp/whatsapp-settings.server";

const booleanish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => ["true", "1", "yes"].includes(value));

/** `N/h`, `N/min` or `N/d`; `0` disables the limit. */
const RateLimitSchema = z
  .string()
  .regex(/^(0|\d+\/(s|min|h|d))$/, "expected N/s, N/min, N/h, N/d or 0")
  .transform((value) => {
    if (value === "0") return null;
    const [count, unit] = value.split("/") as [string, "s" | "min" | "h" | "d"];
    const windowMs = { s: 1_000, min: 60_000, h: 3_600_000, d: 86_400_000 }[unit];
    return { max: Number(count), windowMs };
  });

const httpUrl = (error = "expected an http(s) URL") => z.url({ protocol: /^https?$/, error });
const secret = () => z.string().min(32, "expected at least 32 characters");
const seconds = (max: number) =>
  z.coerce
    .number({ error: "expected a number of seconds" })
    .min(0, "expected a number of seconds")
    .max(max, `expected at most ${max} seconds`);
/** A whole number of `things`, at least 1. */
const wholeNumber = (things: string) =>
  z.coerce
    .number({ error: `expected a whole number of ${things}` })
    .int(`expected a whole number of ${things}`)
    .min(1, "expected at least 1");

const EnvSchema = z
  .object({
    PORT: z.coerce
      .number({ error: "expected a port number (1-65535)" })
      .refine(
        (port) => Number.isInteger(port) && port >= 1 && port <= 65535,
        "expected a port number (1-65535)",
      )
      .default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    SITE_URL: httpUrl().optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "expected a postgres:// URL" }).optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "expected an smtp:// or smtps:// URL" }).optional(),
    MAIL_FROM: z.string().min(3).default(company.mail.defaultFrom),
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ error: "expected comma-separated email addresses" }))),
    BETTER_AUTH_SECRET: secret().optional(),
    CONTACT_RATE_LIMIT: RateLimitSchema.prefault("10/h"),
    ACK_EMAILS: booleanish.default(true),
    /** A form sent sooner after it was served is treated as a bot's. */
    CONTACT_MIN_FILL_SECONDS: seconds(600).default(3),
    TRUST_PROXY: z
      .string()
      .default("false")
      .transform((value, ctx) => {
        if (["false", "0", "no"].includes(value)) return false;
        if (["true", "yes"].includes(value)) return true;
        if (/^\d+$/.test(value)) return Number(value);
        // proxy-addr would throw at the first request on a word it does not know: check it here instead.
        try {
          proxyAddr.compile(value.split(",").map((entry) => entry.trim()));
          return value;
        } catch {
          ctx.addIssue({
            code: "custom",
            message:
              "expected false, true, a hop count, or addresses/CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated",
          });
          return z.NEVER;
        }
      }),
    /** After SIGTERM, requests are still served this long while /readyz says 503, for the load balancer. */
    SHUTDOWN_DELAY_SECONDS: seconds(60).default(0),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Inbox event streams one account may hold open at once on an instance; one more is answered 429. */
    EVENT_STREAMS_PER_ACCOUNT: wholeNumber("streams").max(100, "expected at most 100").default(10),
    /** Bearer token for GET /metrics; unset, /metrics answers 404. */
    METRICS_TOKEN: z.string().min(16, "expected at least 16 characters").optional(),
    /**
     * Where catalogue photos' renditions are written (default DATA_DIR/catalogue-photos): public files, so a
     * directory nginx may read, apart from DATA_DIR, which stays the service user's alone.
     */
    CATALOGUE_PHOTOS_DIR: z.string().min(1).optional(),
    /** Where scheduled backups (and `npm run backup` without a file) are written. */
    BACKUP_DIR: z.string().min(1).optional(),
    /** Period of scheduled backups (`30min`, `6h`, `1d`; kept as a cron schedule in UTC); `0`, the default, turns them off. */
    BACKUP_INTERVAL: z
      .string()
      .regex(/^(0|\d+(min|h|d))$/, "expected 0 or a period such as 30min, 6h, 1d")
      .default("0")
      .transform((value) => {
        if (value === "0") return null;
        const [, count, unit] = /^(\d+)(min|h|d)$/.exec(value)!;
        return Number(count) * { min: 60_000, h: 3_600_000, d: 86_400_000 }[unit as "min" | "h" | "d"];
      })
      .refine((ms) => ms === null || ms >= 60_000, "expected at least 1min")
      // The backups run on a cron schedule, which can only keep such periods exactly.
      .refine(
        (ms) => ms === null || cronForInterval(ms) !== null,
        "expected minutes that divide an hour (5min, 15min, 30min…), hours that divide a day (1h, 2h, 6h, 12h…) or 1d",
      ),
    /** Outgoing webhook; a Slack incoming-webhook URL (hooks.slack.com) gets Slack's message format. */
    WEBHOOK_URL: httpUrl().optional(),
    /** Key of the HMAC-SHA256 signature header (X-Webhook-Signature) on every webhook call. */
    WEBHOOK_SECRET: secret().optional(),
    /** Team mailboxes fetched into the desk: comma-separated imap(s)://user:password@host[:port]/Folder URLs. */
    IMAP_URL: z
      .string()
      .default("")
      .transform((value, ctx): MailboxAddress[] => {
        const parsed = parseImapUrls(value);
        if ("mailboxes" in parsed) return parsed.mailboxes;
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }),
    /** Our receiving server's authserv-id: only its Authentication-Results are believed; unset, none is. */
    MAIL_AUTHSERV_ID: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]+$/, "expected the server's authserv-id, e.g. mx.example.com")
      .optional(),
    /** OAuth2 (client credentials, then XOAUTH2) for every IMAP_URL mailbox given without a password. */
    IMAP_OAUTH2_TOKEN_URL: httpUrl("expected an https:// URL")
      .refine((value) => {
        const url = new URL(value);
        return url.protocol === "https:" || isLoopbackHost(url.hostname);
      }, "expected an https:// URL (http:// only on this machine)")
      .optional(),
    IMAP_OAUTH2_CLIENT_ID: z.string().min(1).optional(),
    IMAP_OAUTH2_CLIENT_SECRET: z.string().min(1).optional(),
    /** e.g. https://outlook.office365.com/.default; left out of the request when unset. */
    IMAP_OAUTH2_SCOPE: z.string().min(1).optional(),
    /** Trigram similarity (0–1) at which a UK Sanctions List name is a candidate for an inquiry's name or company. */
    SANCTIONS_MATCH_THRESHOLD: z.coerce
      .number()
      .gt(0, "expected a number above 0 and at most 1")
      .max(1, "expected a number above 0 and at most 1")
      .default(DEFAULT_MATCH_THRESHOLD),
    /** Where the UK Sanctions List's XML is fetched from each day; unset, it is only imported by `npm run sanctions`. */
    SANCTIONS_LIST_URL: httpUrl().optional(),
    /** How many scheduled backups BACKUP_DIR keeps; older ones are deleted. */
    BACKUP_KEEP: wholeNumber("backups").default(7),
    ...whatsAppSettingFields,
    /** AES-256 key of uploaded files, 32 bytes in base64 (`openssl rand -base64 32`); kept apart from DATA_DIR and the backups. */
    UPLOAD_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9+/]{43}=$/, "expected 32 bytes in base64 (openssl rand -base64 32)")
      .transform((value) => Buffer.from(value, "base64"))
      .optional(),
    /** clamd, which scans every upload before anyone may open it: host:port, or the path of its socket. */
    CLAMD_ADDRESS: z.string().trim().min(1).default("/var/run/clamav/clamd.ctl"),
  })
  .refine((env) => env.BACKUP_INTERVAL === null || env.BACKUP_DIR !== undefined, {
    path: ["BACKUP_DIR"],
    message: "required when BACKUP_INTERVAL is set",
  })
  // A receiver other than Slack (whose URL is itself the secret) must be able to tell our calls from forgeries.
  .refine(
    (env) =>
      env.WEBHOOK_URL === undefined ||
      env.WEBHOOK_SECRET !== undefined ||
      new URL(env.WEBHOOK_URL).hostname === "hooks.slack.com",
    { path: ["WEBHOOK_SECRET"], message: "required when WEBHOOK_URL is set (except for a Slack webhook)" },
  )
  .superRefine((env, ctx) => {
    const oauth2 = ["IMAP_OAUTH2_CLIENT_ID", "IMAP_OAUTH2_CLIENT_SECRET", "IMAP_OAUTH2_SCOPE"] as const;
    if (env.IMAP_OAUTH2_TOKEN_URL === undefined) {
      const index = env.IMAP_URL.findIndex((mailbox) => mailbox.password === null);
      if (index >= 0) {
        const position = env.IMAP_URL.length > 1 ? `entry ${index + 1}: ` : "";
        ctx.addIssue({ code: "custom", path: ["IMAP_URL"], message: `${position}${CREDENTIALS_REQUIRED}` });
      }
      for (const name of oauth2.filter((variable) => env[variable] !== undefined)) {
        ctx.addIssue({ code: "custom", path: [name], message: "needs IMAP_OAUTH2_TOKEN_URL" });
      }
      return;
    }
    for (const name of oauth2.slice(0, 2).filter((variable) => env[variable] === undefined)) {
      ctx.addIssue({ code: "custom", path: [name], message: "required when IMAP_OAUTH2_TOKEN_URL is set" });
    }
  })
  .superRefine((env, ctx) => {
    for (const { path, message } of missingWhatsAppSettings(env))
      ctx.addIssue({ code: "custom", path: [path], message });
  })
  .transform((env) => {
    const { IMAP_OAUTH2_TOKEN_URL: tokenUrl, IMAP_OAUTH2_CLIENT_ID: clientId } = env;
    const clientSecret = env.IMAP_OAUTH2_CLIENT_SECRET;
    return {
      ...env,
      /** The OAuth2 client of the mailboxes without a password; null without IMAP_OAUTH2_TOKEN_URL. */
      IMAP_OAUTH2: (tokenUrl && clientId && clientSecret
        ? { tokenUrl, clientId, clientSecret, scope: env.IMAP_OAUTH2_SCOPE }
        : null) satisfies OAuth2Client | null,
      /** The WhatsApp channel; null while its settings are unset. */
      WHATSAPP: whatsAppChannelOf(env) satisfies WhatsAppChannel | null,
      SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    };
  });

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

/** The one-line form every configuration problem is reported in. */
export function configurationError(variable: string, message: string): string {
  return `Invalid configuration: ${variable}: ${message}`;
}

/** Settings that are valid but probably not what a live site wants. */
export function productionWarnings(env: Env): string[] {
  const warnings: string[] = [];
  if (!env.SMTP_URL) {
    warnings.push("SMTP_URL is not set: mail is not sent but written to files in DATA_DIR/mail");
  }
  if (env.ADMIN_EMAILS.length === 0) {
    warnings.push("ADMIN_EMAILS is not set: no account is made an admin at start (npm run admin -- grant)");
  }
  if (env.IMAP_URL.length > 0 && !env.MAIL_AUTHSERV_ID) {
    warnings.push(
      "MAIL_AUTHSERV_ID is not set: no sender check of received mail is believed, so direct mail is never acknowledged (docs/team-mailboxes.md)",
    );
  }
  if (!env.UPLOAD_KEY) {
    warnings.push(
      "UPLOAD_KEY is not set: clients cannot upload documents, and received attachments are kept unencrypted (docs/operations.md)",
    );
  }
  if (env.SITE_URL.startsWith("http://")) {
    warnings.push(
      "SITE_URL is http://: session cookies are not marked Secure, no HSTS is sent and links in mail use http; behind TLS, set the https:// address",
    );
  }
  return warnings;
}

/** Parses an environment; every problem is reported with its variable name. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings from .env files mean "unset", not "invalid".
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    // One line per problem, each naming its variable: what the operator reads in the journal.
    const lines = result.error.issues.map((issue) =>
      configurationError(String(issue.path[0] ?? "(environment)"), issue.message),
    );
    throw new EnvError(lines.join("\n"));
  }
  return result.data;
}

/** For entry points only: loaders and actions read the configuration from their context. */
export function getEnv(): Env {
  return parseEnv(process.env);
}
