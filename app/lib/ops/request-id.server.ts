import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The id of the request being served, for code that has no Express request
 * at hand (loaders, actions, React Router's error hook). The request log
 * (server/request-log.ts) makes the id, sends it back as X-Request-Id and
 * runs the rest of the request inside it; what an admin is shown as an error
 * reference is this id, so the log lines with the details can be found.
 */
const requestIds = new AsyncLocalStorage<string>();

export function runWithRequestId<T>(id: string, run: () => T): T {
  return requestIds.run(id, run);
}

/** Undefined outside a request (prerendering, background jobs, tests). */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}
