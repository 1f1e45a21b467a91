/** Postgres advisory lock ids, in one list so no two jobs share a lock by accident. */
export const ADVISORY_LOCKS = {
  /** Migrations at startup: instances wait for each other. */
  migration: 727_001,
  /** Scheduled backups: one instance dumps at a time. */
  backup: 727_002,
  /** The retention job: one instance applies the periods at a time. */
  retention: 727_003,
} as const;
