import { getDatabase } from "~/lib/db.server";
import { requireAdmin } from "~/lib/guards.server";
import { INBOX_CHANGED_CHANNEL } from "~/lib/inbox.server";
import { logger } from "~/lib/logger.server";
import { eventStreamClients } from "~/lib/metrics.server";
import { onShutdown } from "~/lib/shutdown.server";
import { isAdmin } from "~/lib/roles.server";
import type { Route } from "./+types/dashboard.events";

const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events for the admin inbox, fed by the database's
 * LISTEN/NOTIFY (a trigger on contact_submissions). An event carries no
 * inquiry data, only that something changed: the page then reloads its data
 * through its loader, which checks the admin again. Admin status is also
 * re-read on every change, so a revoked admin's stream ends.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request);
  const database = await getDatabase();
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
      let forget = () => {};
      eventStreamClients.inc();
      cleanup = () => {
        if (closed) return;
        closed = true;
        eventStreamClients.dec();
        clearInterval(heartbeat);
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
        isAdmin(database.db, user.id).then(
          (stillAdmin) => (stillAdmin ? send(`event: inbox\ndata: ${operation}\n\n`) : cleanup()),
          (error: unknown) => logger.warn({ err: error }, "inbox events: admin check failed"),
        );
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
