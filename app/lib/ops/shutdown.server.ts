/** Work the server must end before it can stop: a stream nobody ends would hold the drain to its timeout. */
const hooks = new Set<() => void | Promise<void>>();

export function onShutdown(hook: () => void | Promise<void>): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** Runs every hook once; resolves when all have settled (a failing hook does not stop the others). */
export async function runShutdownHooks(): Promise<void> {
  const running = [...hooks].map((hook) => {
    hooks.delete(hook);
    return Promise.resolve().then(hook);
  });
  const results = await Promise.allSettled(running);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}
