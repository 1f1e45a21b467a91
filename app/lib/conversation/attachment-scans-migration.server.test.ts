import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { olderMigrations } from "../../../tests/support/older-migrations";
import { openDatabase } from "~/lib/db/db.server";

// Two PGlite boots, each migrating, on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

const INQUIRY = "5c0a7d1e-0000-4000-8000-000000000001";
const MESSAGE = "5c0a7d1e-0000-4000-8000-000000000002";

/** The last migration before received files were recorded as encrypted and scanned. */
const BEFORE_SCANS = "0044_kyc_document_holder_name";

describe("the migration that records how received files are kept and scanned", () => {
  const older = olderMigrations(BEFORE_SCANS);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "attachment-scans-migration-"));
  afterAll(() => {
    older.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("puts every file kept before it up for a scan, as not encrypted, and leaves those not kept without one", async () => {
    const old = await openDatabase({ kind: "pglite", dataDir, migrationsFolder: older.folder });
    try {
      await old.db.execute(sql`
        insert into contact_submissions (id, name, email, message)
        values (${INQUIRY}, 'Kofi', 'kofi@example.test', 'Hello')`);
      await old.db.execute(sql`
        insert into inquiry_messages (id, inquiry_id, message_key, from_address, sent_at, mailbox)
        values (${MESSAGE}, ${INQUIRY}, 'key-1', 'kofi@example.test', now(), 'imap://deals@imap.example.test/INBOX')`);
      await old.db.execute(sql`
        insert into inquiry_attachments (message_id, inquiry_id, filename, content_type, size, stored_as, not_kept_reason)
        values
          (${MESSAGE}, ${INQUIRY}, 'passport.pdf', 'application/pdf', 10, ${`${INQUIRY}/5c0a7d1e-0000-4000-8000-000000000003`}, null),
          (${MESSAGE}, ${INQUIRY}, 'video.mp4', 'video/mp4', 90000000, null, 'too-large')`);
      await old.db.execute(sql`
        insert into whatsapp_messages (inquiry_id, direction, type, media_id, media_stored_as, media_not_kept_reason)
        values
          (${INQUIRY}, 'in', 'document', 'media-1', ${`${INQUIRY}/5c0a7d1e-0000-4000-8000-000000000004`}, null),
          (${INQUIRY}, 'in', 'image', 'media-2', null, 'expired'),
          (${INQUIRY}, 'in', 'text', null, null, null)`);
    } finally {
      await old.close();
    }

    const migrated = await openDatabase({ kind: "pglite", dataDir });
    try {
      const attachments = await migrated.db.execute<{
        filename: string;
        encrypted: boolean;
        scan: string | null;
      }>(sql`select filename, encrypted, scan from inquiry_attachments order by filename`);
      expect(attachments.rows).toEqual([
        { filename: "passport.pdf", encrypted: false, scan: "pending" },
        { filename: "video.mp4", encrypted: false, scan: null },
      ]);
      const media = await migrated.db.execute<{ type: string; encrypted: boolean; scan: string | null }>(
        sql`select type, media_encrypted as encrypted, media_scan as scan from whatsapp_messages order by type`,
      );
      expect(media.rows).toEqual([
        { type: "document", encrypted: false, scan: "pending" },
        { type: "image", encrypted: false, scan: null },
        { type: "text", encrypted: false, scan: null },
      ]);
    } finally {
      await migrated.close();
    }
  });
});
