import { logger } from "./logger.server";

export interface PollingWorker {
  /** Look for due work now (e.g. right after a request queued some). */
  kick(): void;
  /** Finishes the run in progress, then stops. */
  stop(): Promise<void>;
}

/**
 * Runs `deliverBatch` at once, on every kick and every `pollMs`, and keeps
 * going while it reports work done (a backlog). One run at a time; a kick
 * during a run schedules one more. The job worker runs on it.
 */
export function startPollingWorker(options: {
  name: string;
  pollMs: number;
  deliverBatch: () => Promise<number>;
}): PollingWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const run = async () => {
    while (!stopped && (await options.deliverBatch()) > 0) {
      // keep going while there is a backlog
    }
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch((error: unknown) => logger.error({ err: error }, `${options.name} error`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };

  const timer = setInterval(kick, options.pollMs);
  timer.unref();
  kick();

  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
