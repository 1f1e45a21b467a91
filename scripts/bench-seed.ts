/**
 * What the benchmarks seed, through the one seeding module: a large inbox
 * and a signed-in admin.
 */
import { sql } from "drizzle-orm";
import { retention } from "../app/content/retention";
import { runRetention } from "../app/lib/privacy/retention.server";
import { createAuth, sessionCookieName } from "../app/lib/auth/auth.server";
import type { DatabaseHandle } from "../app/lib/db/db.server";
import type { Env } from "../app/lib/env.server";
import type { InboxLayout } from "../app/forms/inbox";
import { saveInboxLayout } from "../app/lib/workspace/preferences.server";
import { createAccount, type DemoDeskOptions, demoInquiries, insertInquiries } from "../db/seed/seed.server";
import { demoConversation, insertConversation } from "../db/seed/seed-conversation.server";
import { demoCatalogueItems, insertCatalogueItems } from "../db/seed/seed-catalogue.server";
import { signInAdminWithTotp } from "../tests/support/admin-session";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `rows` inquiries spread over the last 23 months, mostly read, a few spam; with
 * `desk`, owned, answered and moved on as months of use leave them; with
 * `messages`, a desk reply on each answered one and that many mails from
 * the leads.
 */
export async function seedInquiries(
  database: DatabaseHandle,
  rows: number,
  desk?: DemoDeskOptions,
  messages = 0,
): Promise<void> {
  const inquiries = demoInquiries({
    count: rows,
    // Inside the retention period: the server's first retention run would erase older ones.
    from: new Date(Date.now() - (retention.inquiryMonths - 1) * 30 * DAY_MS),
    to: new Date(),
    readShare: 0.9,
    spamShare: 0.02,
    desk,
  });
  const ids = await insertInquiries(database.db, inquiries);
  if (messages > 0) {
    const seeded = inquiries.map((row, index) => ({
      id: ids[index]!,
      name: row.name,
      email: row.email,
      createdAt: row.created_at as Date,
      firstRepliedAt: row.first_replied_at ?? null,
      isSpam: row.is_spam ?? false,
    }));
    await insertConversation(database.db, demoConversation({ inquiries: seeded, messages }));
  }
  // What the server's first retention run would erase (spam is kept for weeks, not months), erased before the
  // vacuum: left to the server, its dead rows would stay in the indexes, which autovacuum clears in production.
  await runRetention(database.db, { now: new Date(), siteUrl: "http://localhost" });
  // As autovacuum would have by now: statistics, and the visibility map index-only counts need.
  await database.db.execute(sql`vacuum analyze contact_submissions, inquiry_replies, inquiry_messages`);
}

/** A published catalogue of `items` machines in all: the six the migration seeds and copies of them. */
export async function seedCatalogue(database: DatabaseHandle, items: number): Promise<void> {
  await insertCatalogueItems(database.db, demoCatalogueItems(Math.max(0, items - 6)));
  await database.db.execute(sql`vacuum analyze equipment_items`);
}

/**
 * A verified admin, signed in with an authenticator code, whose inbox shows
 * `layout` (the list unless told); returns the `Cookie` header value.
 */
export async function seedAdminSession(
  database: DatabaseHandle,
  env: Env,
  layout: InboxLayout = "list",
): Promise<string> {
  const account = {
    name: `Bench Admin (${layout})`,
    email: `bench.admin.${layout}@example.test`,
    password: "bench-ember-k7q2m9xw4r-quarry",
    admin: true,
  };
  const id = await createAccount(database.db, env, account);
  await saveInboxLayout(database.db, id, layout);
  // The dashboard needs a session that proved a second factor.
  const { cookie } = await signInAdminWithTotp(createAuth(database.db, env), sessionCookieName(env), account);
  return cookie;
}
