import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { jobs } from "~db/schema";
import type { DatabaseHandle } from "~/lib/db/db.server";
import { logger } from "~/lib/ops/logger.server";
import { readChannelHealth } from "~/lib/whatsapp/channel-state.server";

/** Counters are per instance (Prometheus sums them); the job queue's figures are read from the database per scrape. */
const registry = new Registry();
collectDefaultMetrics({ register: registry });

const registers = [registry];

export const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by route pattern, method and status.",
  labelNames: ["route", "method", "status"] as const,
  registers,
});

export const httpRequestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from receiving a request to finishing its response, by route pattern.",
  labelNames: ["route", "method"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

const inquiriesStored = new Counter({
  name: "inquiries_stored_total",
  help: "Inquiries stored by this process (resubmissions of a stored one not counted), spam or not.",
  labelNames: ["spam"] as const,
  registers,
});

// Both series exist from the start, so a rate over them is defined before the first inquiry.
inquiriesStored.inc({ spam: "false" }, 0);
inquiriesStored.inc({ spam: "true" }, 0);

export function countStoredInquiry(isSpam: boolean): void {
  inquiriesStored.inc({ spam: String(isSpam) });
}

export const eventStreamClients = new Gauge({
  name: "inbox_event_stream_clients",
  help: "Admin inbox pages connected to /dashboard/events on this process.",
  registers,
});

const mailboxLabels = ["mailbox"] as const;

export const mailboxLastFetch = new Gauge({
  name: "mailbox_last_fetch_timestamp_seconds",
  help: "When this process last fetched the team mailbox (IMAP_URL, no password) through to its newest message.",
  labelNames: mailboxLabels,
  registers,
});

export const mailboxFetchErrors = new Counter({
  name: "mailbox_fetch_errors_total",
  help: "Failed attempts to reach or fetch the team mailbox (each retried with backoff), by mailbox.",
  labelNames: mailboxLabels,
  registers,
});

export const mailboxMessagesFiled = new Counter({
  name: "mailbox_messages_filed_total",
  help: "Messages this process fetched from the team mailbox and handed to the desk, by mailbox.",
  labelNames: mailboxLabels,
  registers,
});

const kindGauge = (name: string, help: string) =>
  new Gauge({ name, help, labelNames: ["kind"] as const, registers });
/** Each set per kind from the column of the same name in collectJobs' query. */
const jobGauges = {
  pending: kindGauge("jobs_pending", "Jobs neither done nor given up on, by kind (mail, webhook, …)."),
  failed: kindGauge(
    "jobs_failed",
    "Jobs given up on after their retries (kept until retention deletes them), by kind.",
  ),
  ageSeconds: kindGauge(
    "jobs_oldest_pending_age_seconds",
    "Age of the oldest job still waiting to be done, by kind; 0 when none is.",
  ),
};
const jobsProcessed = new Counter({
  name: "jobs_processed_total",
  help: "Job attempts this process finished, by kind and outcome (done, retry, failed: given up).",
  labelNames: ["kind", "outcome"] as const,
  registers,
});
const JOB_OUTCOMES = ["done", "retry", "failed"] as const;
const jobsOverrunning = new Gauge({
  name: "jobs_overrunning",
  help: "Jobs this process is still running past their kind's time limit (the queue goes on without them), by kind.",
  labelNames: ["kind"] as const,
  registers,
});
/** Kinds this process runs: their series exist (at 0) before their first job. */
const declaredJobKinds = new Set<string>();

export function declareJobKinds(kinds: readonly string[]): void {
  for (const kind of kinds) {
    declaredJobKinds.add(kind);
    for (const outcome of JOB_OUTCOMES) jobsProcessed.inc({ kind, outcome }, 0);
    jobsOverrunning.inc({ kind }, 0);
  }
}

export function countJobAttempt(kind: string, outcome: (typeof JOB_OUTCOMES)[number]): void {
  jobsProcessed.inc({ kind, outcome });
}

/** +1 when a run passes its time limit, -1 when it ends. */
export function countJobOverrun(kind: string, change: 1 | -1): void {
  jobsOverrunning.inc({ kind }, change);
}

const databaseUp = new Gauge({
  name: "database_up",
  help: "1 when the database answered the last scrape's jobs query, else 0.",
  registers,
});

const databaseGauge = (name: string, help: string) =>
  new Gauge({ name, help, labelNames: ["database"] as const, registers });
/** Each set from the ConnectionStats field of the same name. */
const connectionGauges = {
  max: databaseGauge(
    "database_connections_max",
    "Connections the pool may open (the embedded database has exactly one).",
  ),
  inUse: databaseGauge(
    "database_connections_in_use",
    "Connections running a query now (embedded database: 1 while it runs one).",
  ),
  waiting: databaseGauge(
    "database_connections_waiting",
    "Queries waiting for a connection (embedded database: queued behind the one running).",
  ),
};

/** Reads the queue's figures once per scrape, before the registry renders. */
async function collectJobs({ db }: DatabaseHandle): Promise<void> {
  try {
    const rows = await db
      .select({
        kind: jobs.kind,
        // Same predicate as the partial index jobs_pending_idx.
        pending: sql<number>`count(*) filter (where ${jobs.done_at} is null and ${jobs.failed_at} is null)::int`,
        failed: sql<number>`count(*) filter (where ${jobs.failed_at} is not null)::int`,
        ageSeconds: sql<
          string | null
        >`extract(epoch from now() - min(${jobs.created_at}) filter (where ${jobs.done_at} is null and ${jobs.failed_at} is null))`,
      })
      .from(jobs)
      .groupBy(jobs.kind);
    const byKind = new Map(rows.map((row) => [row.kind, row]));
    for (const kind of new Set([...declaredJobKinds, ...byKind.keys()])) {
      for (const [column, gauge] of Object.entries(jobGauges)) {
        gauge.set({ kind }, Math.max(Number(byKind.get(kind)?.[column as keyof typeof jobGauges] ?? 0), 0));
      }
    }
    databaseUp.set(1);
  } catch (error) {
    // The scrape still answers: database_up says the queue figures are stale.
    databaseUp.set(0);
    logger.warn({ err: error }, "metrics: jobs query failed");
  }
}

const whatsAppChannelFlagged = new Gauge({
  name: "whatsapp_channel_flagged",
  help: "1 while the WhatsApp channel is flagged on the desk (the Graph API refused the token, or repeated calls failed).",
  registers,
});

async function collectWhatsApp({ db }: DatabaseHandle): Promise<void> {
  try {
    whatsAppChannelFlagged.set((await readChannelHealth(db)).flagged ? 1 : 0);
  } catch (error) {
    logger.warn({ err: error }, "metrics: WhatsApp channel query failed");
  }
}

export async function renderMetrics(
  database: DatabaseHandle,
): Promise<{ contentType: string; body: string }> {
  const stats = database.connectionStats();
  for (const [field, gauge] of Object.entries(connectionGauges)) {
    gauge.set({ database: database.kind }, stats[field as keyof typeof connectionGauges]);
  }
  await collectJobs(database);
  await collectWhatsApp(database);
  return { contentType: registry.contentType, body: await registry.metrics() };
}
