import { AsyncLocalStorage } from "node:async_hooks";

/** The id of the request being served (X-Request-Id), for code that has no Express request at hand. */
const requestIds = new AsyncLocalStorage<string>();

export function runWithRequestId<T>(id: string, run: () => T): T {
  return requestIds.run(id, run);
}

/** Undefined outside a request (prerendering, background jobs, tests). */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}
