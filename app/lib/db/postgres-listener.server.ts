import pg from "pg";
import { logger } from "~/lib/ops/logger.server";

/** Channel names are identifiers in LISTEN; never let input shape them. */
export function assertChannelName(channel: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
}

type Listener = (payload: string) => void;

/** Given to every listener when a lost connection is back: notifications in between were lost. */
export const RESYNC_PAYLOAD = "resync";

const RECONNECT_DELAY_MS = 1_000;

/** One dedicated connection carries every LISTEN of the process (a pooled client would lose them). */
export function createPostgresListener(url: string) {
  const channels = new Map<string, Set<Listener>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let wasConnected = false;

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      // Only while someone still listens; a failure schedules the next try.
      if (!closed && !client && channels.size > 0) connect().catch(() => {});
    }, RECONNECT_DELAY_MS);
    retryTimer.unref();
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on("notification", (message) => {
        for (const listener of channels.get(message.channel) ?? []) listener(message.payload ?? "");
      });
      // A dropped connection fires both 'error' and 'end'; the first one counts.
      const lost = (error?: Error) => {
        if (client !== next) return;
        client = null;
        if (error) logger.warn({ err: error.message }, "postgres listen connection lost");
        scheduleReconnect();
      };
      next.on("error", lost);
      next.on("end", () => lost());
      try {
        await next.connect();
        for (const channel of channels.keys()) await next.query(`listen "${channel}"`);
        if (closed) throw new Error("postgres listener closed");
      } catch (error) {
        // Not awaited: ending a half-open connection must not hold up the retry.
        next.end().catch(() => {});
        throw error;
      }
      client = next;
      if (wasConnected) {
        for (const listeners of channels.values()) for (const listener of listeners) listener(RESYNC_PAYLOAD);
      }
      wasConnected = true;
      return next;
    })().finally(() => {
      connecting = null;
    });
    connecting.catch(scheduleReconnect);
    return connecting;
  };

  return {
    async listen(channel: string, listener: Listener) {
      assertChannelName(channel);
      let listeners = channels.get(channel);
      if (!listeners) {
        const created = new Set<Listener>();
        listeners = created;
        channels.set(channel, created);
        try {
          const connection = client ?? (await connect());
          await connection.query(`listen "${channel}"`);
        } catch (error) {
          // No reconnect loop keeps a channel alive that nobody listens on.
          if (created.size === 0 && channels.get(channel) === created) channels.delete(channel);
          throw error;
        }
      }
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        if (listeners.size === 0 && channels.get(channel) === listeners) {
          channels.delete(channel);
          await client?.query(`unlisten "${channel}"`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
