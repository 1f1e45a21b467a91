import { guardedUser } from "~/lib/http/guards.server";
import { INBOX_CHANGED_CHANNEL } from "~/lib/inquiries/inquiries.server";
import { logger } from "~/lib/ops/logger.server";
import { eventStreamClients } from "~/lib/ops/metrics.server";
import { onShutdown } from "~/lib/ops/shutdown.server";
import { isAdmin } from "~/lib/auth/roles.server";
import { getSession } from "~/lib/auth/viewer.server";
import type { Route } from "./+types/dashboard.events";
import { databaseContext, eventStreamSlotsContext } from "~/lib/context.server";

const HEARTBEAT_MS = 25_000;
/** How soon a stream notices a sign-out (or an ended session) with no change in between. */
const SESSION_RECHECK_MS = 10_000;

/**
 * Server-sent events for the admin inbox, fed by LISTEN/NOTIFY (decision 028). An event carries no inquiry data, only
 * that something changed: the page reloads through its loader, which checks the admin again. The session
 * and admin status are re-read on every change and every SESSION_RECHECK_MS, so a signed-out admin's
 * stream ends. An account holds a limited number of streams on an instance; one more is answered 429.
 *
 * Not remix-utils' `eventStream`: it writes neither the `retry:` field nor comment heartbeats, drops
 * `no-transform` (the compression middleware then buffers the events) and sets `Connection: keep-alive`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const release = context.get(eventStreamSlotsContext).take(user.id);
  if (!release) {
    // EventSource does not reconnect after a 429: the page stays as it is, without live updates.
    return new Response("Too many open event streams for this account.", {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" },
    });
  }
  const database = context.get(databaseContext);
  const encoder = new TextEncoder();
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      let unsubscribe: (() => Promise<void>) | null = null;
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      // The session, not only the role: signing out ends the stream too.
      const stillAllowed = async () => {
        const { session } = await getSession(context, request);
        return session?.user.id === user.id && (await isAdmin(database.db, user.id));
      };
      const recheck = (then: () => void = () => {}) =>
        stillAllowed().then(
          (allowed) => (allowed ? then() : cleanup()),
          (error: unknown) => logger.warn({ err: error }, "inbox events: session check failed"),
        );
      const sessionTimer = setInterval(() => void recheck(), SESSION_RECHECK_MS);
      let forget = () => {};
      eventStreamClients.inc();
      cleanup = () => {
        if (closed) return;
        closed = true;
        release();
        eventStreamClients.dec();
        clearInterval(heartbeat);
        clearInterval(sessionTimer);
        forget();
        void unsubscribe?.().catch((error: unknown) => logger.warn({ err: error }, "inbox unlisten failed"));
        try {
          controller.close();
        } catch {
          // already closed by the client going away
        }
      };
      // Open streams would otherwise hold the server for its whole drain timeout.
      forget = onShutdown(cleanup);
      request.signal.addEventListener("abort", cleanup, { once: true });
      // Gone before the stream started: the listener above would never fire.
      if (request.signal.aborted) cleanup();

      send("retry: 5000\n\n");
      try {
        unsubscribe = await database.listen(INBOX_CHANGED_CHANNEL, (operation) => {
          void recheck(() => send(`event: inbox\ndata: ${operation}\n\n`));
        });
      } catch (error) {
        // The place and the timers go with the stream.
        cleanup();
        throw error;
      }
      if (closed) await unsubscribe();
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform also keeps the compression middleware from buffering events.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
