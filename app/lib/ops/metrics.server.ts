import { and, count, isNotNull, isNull, min, sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { mailOutbox } from "../../../db/schema";
import type { ConnectionStats, DatabaseHandle } from "../db/db.server";
import { logger } from "./logger.server";

/**
 * The process's Prometheus metrics. Counters live in this process (each
 * instance reports its own; Prometheus sums them); what the database knows
 * (the outbox) is read from it at each scrape, so every instance reports
 * the same, true figure.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by route pattern, method and status.",
  labelNames: ["route", "method", "status"] as const,
  registers: [registry],
});

export const httpRequestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from receiving a request to finishing its response, by route pattern.",
  labelNames: ["route", "method"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const inquiriesStored = new Counter({
  name: "inquiries_stored_total",
  help: "Inquiries stored by this process (resubmissions of a stored one not counted), spam or not.",
  labelNames: ["spam"] as const,
  registers: [registry],
});

// Both series exist from the start, so a rate over them is defined before the first inquiry.
inquiriesStored.inc({ spam: "false" }, 0);
inquiriesStored.inc({ spam: "true" }, 0);

/** Counts a newly stored inquiry. */
export function countStoredInquiry(isSpam: boolean): void {
  inquiriesStored.inc({ spam: String(isSpam) });
}

export const eventStreamClients = new Gauge({
  name: "inbox_event_stream_clients",
  help: "Admin inbox pages connected to /dashboard/events on this process.",
  registers: [registry],
});

const outboxPending = new Gauge({
  name: "mail_outbox_pending",
  help: "Messages in the outbox neither sent nor given up on.",
  registers: [registry],
});
const outboxFailed = new Gauge({
  name: "mail_outbox_failed",
  help: "Messages the outbox gave up on after its retries.",
  registers: [registry],
});
const outboxOldestPendingAge = new Gauge({
  name: "mail_outbox_oldest_pending_age_seconds",
  help: "Age of the oldest message still waiting to be sent; 0 when none is.",
  registers: [registry],
});
const databaseUp = new Gauge({
  name: "database_up",
  help: "1 when the database answered the last scrape's outbox query, else 0.",
  registers: [registry],
});

const connectionGauges: { gauge: Gauge<"database">; read: (stats: ConnectionStats) => number }[] = [];
const connectionGauge = (name: string, help: string, read: (stats: ConnectionStats) => number) => {
  const gauge = new Gauge({ name, help, labelNames: ["database"] as const, registers: [registry] });
  connectionGauges.push({ gauge, read });
};

connectionGauge(
  "database_connections_max",
  "Connections the pool may open (the embedded database has exactly one).",
  (stats) => stats.max,
);
connectionGauge(
  "database_connections_in_use",
  "Connections running a query now (embedded database: 1 while it runs one).",
  (stats) => stats.inUse,
);
connectionGauge(
  "database_connections_waiting",
  "Queries waiting for a connection (embedded database: queued behind the one running).",
  (stats) => stats.waiting,
);

/** Reads the outbox figures once per scrape, before the registry renders. */
async function collectOutbox({ db }: DatabaseHandle): Promise<void> {
  try {
    // Same predicate as the partial index mail_outbox_pending_idx.
    const [pending] = await db
      .select({
        count: count(),
        ageSeconds: sql<string | null>`extract(epoch from now() - ${min(mailOutbox.created_at)})`,
      })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sent_at), isNull(mailOutbox.failed_at)));
    const [failed] = await db
      .select({ count: count() })
      .from(mailOutbox)
      .where(isNotNull(mailOutbox.failed_at));
    outboxPending.set(pending?.count ?? 0);
    outboxOldestPendingAge.set(Math.max(Number(pending?.ageSeconds ?? 0), 0));
    outboxFailed.set(failed?.count ?? 0);
    databaseUp.set(1);
  } catch (error) {
    // The scrape still answers: database_up says the outbox figures are stale.
    databaseUp.set(0);
    logger.warn({ err: error }, "metrics: outbox query failed");
  }
}

/** The metrics in Prometheus's text format. */
export async function renderMetrics(
  database: DatabaseHandle,
): Promise<{ contentType: string; body: string }> {
  const stats = database.connectionStats();
  for (const { gauge, read } of connectionGauges) gauge.set({ database: database.kind }, read(stats));
  await collectOutbox(database);
  return { contentType: registry.contentType, body: await registry.metrics() };
}
