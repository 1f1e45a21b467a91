/**
 * `npm run db:seed`: demo data for a development database (DATA_DIR or
 * DATABASE_URL): an admin and a visitor, whose new random passwords are
 * printed, and inquiries of every interest, deal size and state, lead
 * status, owned or not, answered or awaiting a reply.
 */
import { fail, parseCommandLine } from "./command-line";

const DAY_MS = 86_400_000;

const USAGE = `Usage: npm run db:seed

Fills an empty development database (DATABASE_URL, else the embedded database
in DATA_DIR, default ./data) with demo data: an admin and a visitor account,
whose new random passwords are printed, and 60 inquiries of every kind.
Refuses a database that has accounts or inquiries, and NODE_ENV=production.`;

parseCommandLine(USAGE, {}, { min: 0, max: 0 });

// Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
const { count, isNotNull, sql } = await import("drizzle-orm");
const { contactSubmissions, user } = await import("../db/schema");
const { DataDirLockedError } = await import("~/lib/db/data-dir-lock.server");
const { databaseOptionsFromEnv, openDatabase } = await import("~/lib/db/db.server");
const { EnvError, getEnv } = await import("~/lib/env.server");
const { createAccount, demoInquiries, generatePassphrase, insertInquiries } =
  await import("../db/seed/seed.server");

if (process.env.NODE_ENV === "production")
  fail("db:seed fills development databases only (NODE_ENV=production).");

let env;
let database;
try {
  env = getEnv();
  database = await openDatabase(databaseOptionsFromEnv(env));
} catch (error) {
  if (error instanceof EnvError || error instanceof DataDirLockedError) fail(error.message);
  throw error;
}

try {
  const { db } = database;
  const [accounts] = await db.select({ n: count() }).from(user);
  const [inquiries] = await db.select({ n: count() }).from(contactSubmissions);
  if ((accounts?.n ?? 0) > 0 || (inquiries?.n ?? 0) > 0) {
    await database.close();
    fail(
      `This database already has ${accounts?.n ?? 0} accounts and ${inquiries?.n ?? 0} inquiries; ` +
        "db:seed only fills an empty one (point DATA_DIR at a new directory). Nothing was changed.",
    );
  }

  const admin = {
    name: "Demo Admin",
    email: "admin@example.test",
    password: generatePassphrase(),
    admin: true,
  };
  const visitor = { name: "Demo Visitor", email: "visitor@example.test", password: generatePassphrase() };
  const adminId = await createAccount(db, env, admin);
  await createAccount(db, env, visitor);

  const now = Date.now();
  // The demo admin owns half the leads; the newest wait for a reply, some of them overdue.
  const rows = demoInquiries({
    count: 60,
    from: new Date(now - 30 * DAY_MS),
    to: new Date(now),
    desk: { ownerIds: [adminId] },
  });
  await insertInquiries(db, rows);
  // Read and annotated by the demo admin.
  await db.update(contactSubmissions).set({ read_by: adminId }).where(isNotNull(contactSubmissions.read_at));
  await db
    .update(contactSubmissions)
    .set({ notes_updated_by: adminId })
    .where(isNotNull(contactSubmissions.admin_notes));
  const [spam] = await db
    .select({ n: count() })
    .from(contactSubmissions)
    .where(sql`${contactSubmissions.is_spam}`);

  console.log(`Seeded ${rows.length} inquiries (${spam?.n ?? 0} spam) and two accounts:
  admin    ${admin.email}  ${admin.password}
  visitor  ${visitor.email}  ${visitor.password}
Sign in at ${env.SITE_URL}/auth; the admin's inbox is at /dashboard.`);
} finally {
  await database.close();
}
