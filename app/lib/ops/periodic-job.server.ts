import { onShutdown } from "./shutdown.server";

/**
 * Runs `run` after `firstRunDelayMs`, then every `intervalMs`, one run at a
 * time (a tick during a run is skipped). The timers do not keep the process
 * alive. Registers its stop with the shutdown hooks; the stop function
 * resolves once a run in progress has finished, so the server can await it
 * before closing the database. `run` handles its own errors and logging.
 */
export function startPeriodicJob(options: {
  run: () => Promise<void>;
  intervalMs: number;
  firstRunDelayMs: number;
}): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (stopped || running) return;
    running = options.run().finally(() => {
      running = null;
    });
  };
  const first = setTimeout(tick, options.firstRunDelayMs);
  const timer = setInterval(tick, options.intervalMs);
  first.unref();
  timer.unref();
  const stop = async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    unregister();
    await running;
  };
  const unregister = onShutdown(stop);
  return stop;
}
