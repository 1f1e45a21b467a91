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
 * What loaders, actions and middleware depend on, in React Router's typed `context`. Only type imports
 * besides react-router: in development the keys must stay the same objects while Vite reloads modules.
 */

/** The validated configuration, with the auth secret resolved at startup. */
export const envContext = createContext<Env>();
export const databaseContext = createContext<DatabaseHandle>();
export const authContext = createContext<Auth>();
/** The socket's address, or X-Forwarded-For's only when TRUST_PROXY trusts the proxy. */
export const clientIpContext = createContext<string>();
/** The request's logger, bound to its request id; null outside a served request (use requestLogger). */
export const loggerContext = createContext<Logger | null>(null);
/**
 * The CSP nonce for inline scripts; null when prerendering (no scripts). Not undefined: React Router
 * treats an undefined default as none.
 */
export const cspNonceContext = createContext<string | null>(null);

/** The flash toast's cookie (toast.server.ts), made once at startup. */
export const toastCookieContext = createContext<Cookie>();

/** Open inbox event streams per account on this instance (EVENT_STREAMS_PER_ACCOUNT). */
export const eventStreamSlotsContext = createContext<StreamSlots>();

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
  mailer: MailSender;
  webhooks: WebhookSender;
  /** How fetching each team mailbox is doing in this process, for /readyz. */
  mailboxes: MailboxStatusBoard;
}

interface RequestFacts {
  clientIp: string;
  cspNonce?: string;
  log?: Logger;
}

/** One request's context, built alike by the server and the tests. */
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
