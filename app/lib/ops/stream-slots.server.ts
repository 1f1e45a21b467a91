export type StreamSlots = ReturnType<typeof createStreamSlots>;

/** Open streams per account, per instance: where a stream's cost (a socket, a LISTEN) is paid. */
export function createStreamSlots(perAccount: number) {
  const open = new Map<string, number>();
  return {
    /** The function that gives the place back (safe to call twice), or null when the account holds them all. */
    take(accountId: string): (() => void) | null {
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
    held: (accountId: string) => open.get(accountId) ?? 0,
  };
}
