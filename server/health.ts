import { Router } from "express";

interface HealthOptions {
  isShuttingDown(): boolean;
  pingDatabase(timeoutMs: number): Promise<boolean>;
}

/** Liveness and readiness probes; neither reveals anything about internals. */
export function healthRoutes({ isShuttingDown, pingDatabase }: HealthOptions): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store").json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    const ready = !isShuttingDown() && (await pingDatabase(2_000));
    res
      .setHeader("Cache-Control", "no-store")
      .status(ready ? 200 : 503)
      .json({ status: ready ? "ready" : "unavailable" });
  });
  return router;
}
