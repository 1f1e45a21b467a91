/**
 * Work the server must end before it can stop, such as long-lived
 * responses: the HTTP server waits for every open response while draining,
 * so a stream nobody ends would hold the process for the whole drain timeout.
 * server/main.ts runs these when it stops accepting connections.
 */
const hooks = new Set<() => void>();

/** Registers `hook`; the returned function unregisters it. */
export function onShutdown(hook: () => void): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

export function runShutdownHooks(): void {
  for (const hook of [...hooks]) {
    hooks.delete(hook);
    hook();
  }
}
