import { mailboxFetchErrors, mailboxLastFetch, mailboxMessagesFiled } from "~/lib/ops/metrics.server";
import type { MailboxAddress } from "~/lib/conversation/imap-url.server";

interface MailboxState {
  key: string;
  label: string;
  /** "connecting" until the first fetch; "failing" from a failed attempt until a fetch succeeds. */
  state: "connecting" | "ok" | "failing";
  /** How new mail is noticed once connected: IDLE where the server offers it, else polling. */
  mode: "idle" | "poll" | null;
  lastFetchedAt: Date | null;
  failingSince: Date | null;
  /** The last failure's message (never a password); for logs and tests, not for /readyz. */
  lastError: string | null;
  failures: number;
  retryAt: Date | null;
  /** The wait before that retry: doubled per consecutive failure, up to a ceiling. */
  retryDelayMs: number | null;
  filed: number;
}

/** How each team mailbox's fetching is doing in this process; `readiness` (for /readyz) has no host or error text. */
export function createMailboxStatusBoard() {
  const states = new Map<string, MailboxState>();
  const waiters = new Set<() => void>();
  const stateOf = (mailbox: MailboxAddress): MailboxState => {
    let state = states.get(mailbox.key);
    if (!state) {
      state = {
        key: mailbox.key,
        label: mailbox.label,
        state: "connecting",
        mode: null,
        lastFetchedAt: null,
        failingSince: null,
        lastError: null,
        failures: 0,
        retryAt: null,
        retryDelayMs: null,
        filed: 0,
      };
      states.set(mailbox.key, state);
    }
    return state;
  };
  const change = (mailbox: MailboxAddress, patch: (state: MailboxState) => void) => {
    patch(stateOf(mailbox));
    for (const waiter of [...waiters]) waiter();
  };
  return {
    connecting: (mailbox: MailboxAddress) => change(mailbox, () => {}),
    connected: (mailbox: MailboxAddress, mode: "idle" | "poll") =>
      change(mailbox, (state) => void (state.mode = mode)),
    filed(mailbox: MailboxAddress) {
      mailboxMessagesFiled.inc({ mailbox: mailbox.key });
      change(mailbox, (state) => void state.filed++);
    },
    fetched(mailbox: MailboxAddress, at: Date) {
      mailboxLastFetch.set({ mailbox: mailbox.key }, at.getTime() / 1000);
      change(mailbox, (state) => {
        Object.assign(state, { state: "ok", lastFetchedAt: at, failingSince: null, failures: 0 });
        Object.assign(state, { retryAt: null, retryDelayMs: null });
      });
    },
    failed(mailbox: MailboxAddress, error: string, retryDelayMs: number) {
      mailboxFetchErrors.inc({ mailbox: mailbox.key });
      change(mailbox, (state) => {
        state.failingSince ??= new Date();
        Object.assign(state, { state: "failing", lastError: error, failures: state.failures + 1 });
        Object.assign(state, { retryAt: new Date(Date.now() + retryDelayMs), retryDelayMs });
      });
    },
    get: (key: string) => states.get(key),
    readiness: () =>
      [...states.values()].map((state) => ({
        mailbox: state.label,
        state: state.state,
        lastFetchedAt: state.lastFetchedAt?.toISOString() ?? null,
        failingSince: state.failingSince?.toISOString() ?? null,
        retryAt: state.retryAt?.toISOString() ?? null,
      })),
    /** Resolves once `check` holds for the mailbox's state (tests await outcomes, not sleeps). */
    until(key: string, check: (state: MailboxState) => boolean) {
      return new Promise<MailboxState>((resolve) => {
        const test = () => {
          const state = states.get(key);
          if (state && check(state)) {
            waiters.delete(test);
            resolve(state);
          }
        };
        waiters.add(test);
        test();
      });
    },
  };
}

export type MailboxStatusBoard = ReturnType<typeof createMailboxStatusBoard>;
export type MailboxReadiness = ReturnType<MailboxStatusBoard["readiness"]>[number];
