import { expect, vi } from "vitest";
import { CONTACT_FORM_PURPOSE } from "~/routes/contact.server";
import { FORM_TOKEN_FIELD, issueFormToken } from "~/lib/http/form-guard.server";

export type AttemptStatus = number | "network-error";

interface SubmittingClients {
  /** Markers of the inquiries the server acknowledged (303), per client. */
  readonly acknowledged: string[][];
  /** Every status seen, in order. */
  readonly statuses: AttemptStatus[];
  /** Resolves once every client has had `count` more inquiries acknowledged. */
  waitForProgress(count: number, timeoutMs?: number): Promise<void>;
  /** Lets each client finish (acknowledge) the inquiry it is sending, then stop. */
  stop(): Promise<void>;
  /** Stops at once, acknowledged or not: for a failed test, where the server may never answer. */
  abandon(): Promise<void>;
}

interface SubmittingClientsOptions {
  /** Read on every attempt, so the server may move to another process (same URL). */
  url: () => string;
  /** The server's BETTER_AUTH_SECRET, which signs form tokens. */
  secret: string;
  clients: number;
  /** A visitor's pause before sending again, so an outage is not a busy loop. */
  retryPauseMs?: number;
  /** Called as each attempt starts; the function it returns gets the attempt's outcome. */
  observe?: (client: number) => (status: AttemptStatus) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Visitors posting the contact form without JavaScript. Each inquiry carries
 * a unique marker. A visitor whose submission fails (an error page, a
 * dropped connection) sends the same form again until it is acknowledged,
 * as people do, and only then writes the next one.
 */
export function startSubmittingClients(options: SubmittingClientsOptions): SubmittingClients {
  const { url, secret, clients, retryPauseMs = 50, observe } = options;
  const acknowledged: string[][] = Array.from({ length: clients }, () => []);
  const statuses: AttemptStatus[] = [];
  let stopping = false;
  let abandoned = false;

  const send = async (body: string): Promise<AttemptStatus> => {
    try {
      const response = await fetch(`${url()}/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url() },
        body,
        redirect: "manual",
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return "network-error";
    }
  };

  const run = async (client: number) => {
    for (let n = 0; !stopping; n++) {
      const marker = `marker-${client}-${n}-${Math.random().toString(36).slice(2, 10)}`;
      const body = new URLSearchParams({
        [FORM_TOKEN_FIELD]: issueFormToken(secret, CONTACT_FORM_PURPOSE, Date.now() - 60_000),
        name: `Client ${client}`,
        email: `client${client}@example.test`,
        interest: "consultation",
        message: `Inquiry ${marker}, sent while the server is being disrupted.`,
      }).toString();
      for (;;) {
        const finished = observe?.(client);
        const status = await send(body);
        statuses.push(status);
        finished?.(status);
        if (status === 303) break;
        if (abandoned) return;
        await sleep(retryPauseMs);
      }
      acknowledged[client]!.push(marker);
    }
  };
  const running = Array.from({ length: clients }, (_, client) => run(client));

  return {
    acknowledged,
    statuses,
    async waitForProgress(count, timeoutMs = 60_000) {
      const baseline = acknowledged.map((list) => list.length);
      await vi.waitFor(
        () => {
          const progress = acknowledged.map((list, client) => list.length - baseline[client]!);
          expect(Math.min(...progress)).toBeGreaterThanOrEqual(count);
        },
        { timeout: timeoutMs, interval: 50 },
      );
    },
    async stop() {
      stopping = true;
      await Promise.all(running);
    },
    async abandon() {
      stopping = abandoned = true;
      await Promise.all(running);
    },
  };
}

/** How often each marker occurs in `text`. */
export function countMarkers(text: string, markers: readonly string[]): Map<string, number> {
  const found = new Map(markers.map((marker) => [marker, 0]));
  for (const match of text.matchAll(/marker-\d+-\d+-[a-z0-9]+/g)) {
    if (found.has(match[0])) found.set(match[0], found.get(match[0])! + 1);
  }
  return found;
}
