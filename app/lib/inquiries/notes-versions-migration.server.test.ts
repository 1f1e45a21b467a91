import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { olderMigrations } from "../../../tests/support/older-migrations";
import { openDatabase } from "~/lib/db/db.server";
import { listNotesVersions, listTimeline } from "~/lib/inquiries/timeline.server";

// Two PGlite boots, each migrating, on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

/** The last migration before notes kept their versions. */
const BEFORE_VERSIONS = "0019_conversation_clock";
const NOTED = "7a1c2d3e-0000-4000-8000-000000000001";
const BARE = "7a1c2d3e-0000-4000-8000-000000000002";

describe("the migration that keeps the notes' versions", () => {
  const older = olderMigrations(BEFORE_VERSIONS);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "notes-versions-migration-"));
  afterAll(() => {
    older.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("makes the notes stored before it each inquiry's first version, the timeline left as it was", async () => {
    const old = await openDatabase({ kind: "pglite", dataDir, migrationsFolder: older.folder });
    try {
      await old.db.execute(
        sql`insert into "user" (id, name, email) values ('ama', 'Ama Admin', 'ama@example.test')`,
      );
      await old.db.execute(sql`
        insert into contact_submissions (id, name, email, message, admin_notes, notes_updated_at, notes_updated_by)
        values
          (${NOTED}, 'Kofi', 'kofi@example.test', 'Hello', 'Wants 2 kg a month', '2026-10-01T09:00:00Z', 'ama'),
          (${BARE}, 'Esi', 'esi@example.test', 'Hello', null, null, null)`);
      await old.db.execute(sql`
        insert into inquiry_events (inquiry_id, kind, actor_id, created_at)
        values
          (${NOTED}, 'notes-edited', 'ama', '2026-09-30T09:00:00Z'),
          (${NOTED}, 'notes-edited', 'ama', '2026-10-01T09:00:00Z')`);
    } finally {
      await old.close();
    }

    const migrated = await openDatabase({ kind: "pglite", dataDir });
    try {
      const versions = await listNotesVersions(migrated.db, NOTED);
      expect(
        versions.map((version) => [version.notes, version.authorName, version.createdAt.toISOString()]),
      ).toEqual([["Wants 2 kg a month", "Ama Admin", "2026-10-01T09:00:00.000Z"]]);
      // The timeline is append-only: its entries stay as they were.
      const edits = (await listTimeline(migrated.db, NOTED)).map((entry) => entry.details);
      expect(edits).toEqual([{}, {}]);
      expect(await listNotesVersions(migrated.db, BARE)).toEqual([]);
    } finally {
      await migrated.close();
    }
  });
});
