import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { contactSubmissions } from "~db/schema";
import { olderMigrations } from "../../../tests/support/older-migrations";
import { openDatabase } from "~/lib/db/db.server";

// Two PGlite boots, each migrating, on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

/** The last migration before held inquiries and announced_at. */
const BEFORE_HELD = "0015_conversation";

describe("the migration to held inquiries", () => {
  const older = olderMigrations(BEFORE_HELD);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "held-migration-"));
  afterAll(() => {
    older.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("counts every inquiry that was genuine on arrival as announced, and no trapped spam", async () => {
    const old = await openDatabase({ kind: "pglite", dataDir, migrationsFolder: older.folder });
    try {
      await old.db.execute(sql`
        insert into contact_submissions (id, name, email, message, is_spam) values
          ('00000000-0000-4000-8000-000000000001', 'genuine', 'g@example.test', 'm', false),
          ('00000000-0000-4000-8000-000000000002', 'trapped', 't@example.test', 'm', true),
          ('00000000-0000-4000-8000-000000000003', 'marked-by-desk', 'd@example.test', 'm', true)`);
      await old.db.execute(sql`
        insert into inquiry_events (inquiry_id, kind, details) values
          ('00000000-0000-4000-8000-000000000001', 'received', '{}'),
          ('00000000-0000-4000-8000-000000000002', 'received', '{"spam": true}'),
          ('00000000-0000-4000-8000-000000000003', 'received', '{}')`);
    } finally {
      await old.close();
    }
    const current = await openDatabase({ kind: "pglite", dataDir });
    try {
      const rows = await current.db
        .select({
          name: contactSubmissions.name,
          held: contactSubmissions.held,
          announced: sql<boolean>`${contactSubmissions.announced_at} is not null`,
        })
        .from(contactSubmissions)
        .orderBy(asc(contactSubmissions.id));
      expect(rows).toEqual([
        { name: "genuine", held: false, announced: true },
        { name: "trapped", held: false, announced: false },
        { name: "marked-by-desk", held: false, announced: true },
      ]);
    } finally {
      await current.close();
    }
  });
});
