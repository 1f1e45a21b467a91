/**
 * Postgres advisory lock ids, arbitrary constants shared by every instance.
 * One list, so that no two jobs share a lock by accident: a job that finds
 * its lock taken skips its run, and would skip it for the wrong job.
 */
export const ADVISORY_LOCKS = {
  /** Migrations at startup: instances wait for each other. */
  migration: 727_001,
  /** Scheduled backups: one instance dumps at a time. */
  backup: 727_002,
  /** The retention job: one instance applies the periods at a time. */
  retention: 727_003,
} as const;
