import { Router } from "express";
import type { MailboxReadiness } from "~/lib/conversation/mailbox-status.server";

interface HealthOptions {
  isShuttingDown(): boolean;
  pingDatabase(timeoutMs: number): Promise<boolean>;
  /** The team mailboxes being fetched (IMAP_URL), if any. */
  mailboxes?(): MailboxReadiness[];
}

/**
 * Liveness and readiness probes, revealing nothing of internals. A failing mailbox does not make the instance
 * unready: a mail server's outage taking every instance out of the load balancer would stop the site.
 */
export function healthRoutes({ isShuttingDown, pingDatabase, mailboxes }: HealthOptions): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store").json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    const ready = !isShuttingDown() && (await pingDatabase(2_000));
    const fetching = mailboxes?.() ?? [];
    res
      .setHeader("Cache-Control", "no-store")
      .status(ready ? 200 : 503)
      .json({
        status: ready ? "ready" : "unavailable",
        ...(fetching.length > 0 ? { mailboxes: fetching } : {}),
      });
  });
  return router;
}
