import type { Logger } from "pino";
import { type Cookie, createContext, RouterContextProvider } from "react-router";
import type { Auth } from "~/lib/auth/auth.server";
import type { MailboxStatusBoard } from "~/lib/conversation/mailbox-status.server";
import type { DatabaseHandle } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import type { StreamSlots } from "~/lib/ops/stream-slots.server";
import type { MailSender } from "~/lib/mail/mail.server";
import type { WebhookSender } from "~/lib/webhook/webhook-job.server";

/*
 * What loaders, actions and middleware depend on, in React Router's typed `context` (decision 013). Only type
 * imports besides react-router: in development the keys must stay the same objects while Vite reloads.
 */

/** The validated configuration (env.server.ts), with the auth secret resolved at startup. */
export const envContext = createContext<Env>();
export const databaseContext = createContext<DatabaseHandle>();
export const authContext = createContext<Auth>();
/** The socket's address, or X-Forwarded-For's only when TRUST_PROXY says the proxy may be believed. */
export const clientIpContext = createContext<string>();
/** The request's logger, binding its id; null outside a served request (use requestLogger(context)). */
export const loggerContext = createContext<Logger | null>(null);
/** The CSP nonce; null when prerendering. Not undefined: React Router treats an undefined default as none. */
export const cspNonceContext = createContext<string | null>(null);

/** The flash toast's cookie, signed with a key derived from the auth secret. */
export const toastCookieContext = createContext<Cookie>();

/** Open inbox event streams per account on this instance (EVENT_STREAMS_PER_ACCOUNT). */
export const eventStreamSlotsContext = createContext<StreamSlots>();

/**
 * The desk's unread and spam counts of this request, once asked for (counts.server.ts): the root's badge, the
 * workspace frame and the inbox show the same figures, and each is a read of an index.
 */
export const unreadCountContext = createContext<Promise<number> | null>(null);
export const spamCountsContext = createContext<Promise<{ spam: number; held: number }> | null>(null);

/** Set by createAppContext: false only while `react-router build` prerenders. */
const servedContext = createContext(false);

export function isServedContext(context: AppContext): boolean {
  return context.get(servedContext);
}

export type AppContext = Readonly<RouterContextProvider>;

/** What lives as long as the process, shared by every request and the job worker. */
export interface AppServices {
  env: Env;
  database: DatabaseHandle;
  auth: Auth;
  toastCookie: Cookie;
  eventStreams: StreamSlots;
  /** SMTP, or .eml files. */
  mailer: MailSender;
  /** Posts webhook calls for the job worker, signed with WEBHOOK_SECRET. */
  webhooks: WebhookSender;
  /** How fetching each team mailbox is doing in this process, for /readyz. */
  mailboxes: MailboxStatusBoard;
}

interface RequestFacts {
  clientIp: string;
  cspNonce?: string;
  log?: Logger;
}

/** One request's context: the server's getLoadContext and the tests build it alike. */
export function createAppContext(services: AppServices, request: RequestFacts): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(envContext, services.env);
  context.set(databaseContext, services.database);
  context.set(authContext, services.auth);
  context.set(toastCookieContext, services.toastCookie);
  context.set(eventStreamSlotsContext, services.eventStreams);
  context.set(clientIpContext, request.clientIp);
  context.set(cspNonceContext, request.cspNonce ?? null);
  context.set(loggerContext, request.log ?? null);
  context.set(servedContext, true);
  return context;
}
