/** Places for long-lived streams, counted per account. */
export interface StreamSlots {
  /**
   * Takes a place for the account: the function that gives it back (safe to
   * call more than once), or null when the account already holds them all.
   */
  take(accountId: string): (() => void) | null;
  held(accountId: string): number;
}

/**
 * Open streams per account, in this process's memory: the limit holds per
 * instance, which is where a stream's cost (a socket, timers, a LISTEN
 * subscription) is paid. Built once at startup into the services.
 */
export function createStreamSlots(perAccount: number): StreamSlots {
  const open = new Map<string, number>();
  return {
    take(accountId) {
      const count = open.get(accountId) ?? 0;
      if (count >= perAccount) return null;
      open.set(accountId, count + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (open.get(accountId) ?? 1) - 1;
        if (left > 0) open.set(accountId, left);
        else open.delete(accountId);
      };
    },
    held: (accountId) => open.get(accountId) ?? 0,
  };
}
