import { guardedUser } from "~/lib/http/guards.server";
import { INBOX_CHANGED_CHANNEL } from "~/lib/inbox/inbox.server";
import { logger } from "~/lib/ops/logger.server";
import { eventStreamClients } from "~/lib/ops/metrics.server";
import { onShutdown } from "~/lib/ops/shutdown.server";
import { isAdmin } from "~/lib/auth/roles.server";
import { getSession } from "~/lib/auth/viewer.server";
import type { Route } from "./+types/dashboard.events";
import { databaseContext } from "~/lib/context.server";

const HEARTBEAT_MS = 25_000;
/** How soon a stream notices a sign-out (or an ended session) with no change in between. */
export const SESSION_RECHECK_MS = 10_000;

/**
 * Server-sent events for the admin inbox, fed by the database's
 * LISTEN/NOTIFY (a trigger on contact_submissions). An event carries no
 * inquiry data, only that something changed: the page then reloads its data
 * through its loader, which checks the admin again. The session and admin
 * status are also re-read on every change and every SESSION_RECHECK_MS, so
 * the stream of a signed-out (or revoked) admin ends.
 *
 * Why not remix-utils' `eventStream` (checked at 9.3.1, the last release
 * for React Router 7): it writes only `event:`/`data:` records, so neither
 * the `retry:` field (reconnects after a restart spread over 5 s rather
 * than the browser's default) nor comment heartbeats; it replaces
 * Cache-Control with `no-cache`, losing `no-transform`, without which the
 * compression middleware buffers the events; and it sets
 * `Connection: keep-alive`, which Express appends to the `close` sent while
 * draining. Each would need patching after the call, and the part that is
 * ours (session re-checks, LISTEN, shutdown) would stay as it is, so the
 * three lines of framing below stay too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = guardedUser(context);
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

      send("retry: 5000\n\n");
      unsubscribe = await database.listen(INBOX_CHANGED_CHANNEL, (operation) => {
        void recheck(() => send(`event: inbox\ndata: ${operation}\n\n`));
      });
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
