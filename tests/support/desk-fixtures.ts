import { afterAll, beforeAll } from "vitest";
import { contactSubmissions, user, userRoles } from "../../db/schema";
import { type DatabaseHandle, type Db, openDatabase } from "~/lib/db/db.server";
import type { TestDatabase } from "./test-database";

/** Stores an inquiry from these values (a lead with a one-letter message by default); returns its id. */
export async function insertInquiry(
  db: Db,
  values: Partial<typeof contactSubmissions.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(contactSubmissions)
    .values({ name: "Lead", email: "lead@example.test", message: "m", ...values })
    .returning({ id: contactSubmissions.id });
  return row!.id;
}

/** The lead the desk's action tests write to. */
export const KOFI = { name: "Kofi Mensah", email: "kofi@example.test", message: "Hello" };

/** Ama, the one admin of the scheduled jobs' tests. */
export async function seedAdminAma(db: Db): Promise<void> {
  await db.insert(user).values({ id: "ama", name: "Ama Admin", email: "ama@example.test" });
  await db.insert(userRoles).values({ user_id: "ama", role: "admin" });
}

/**
 * A second connection pool to the suite's database, as a second instance has
 * (Postgres only): the handles of both instances, or of the one twice.
 */
export function useTwoInstances(database: TestDatabase): () => DatabaseHandle[] {
  let second: DatabaseHandle | null = null;
  beforeAll(async () => {
    second = database.url ? await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 }) : null;
  });
  afterAll(async () => {
    await second?.close();
  });
  return () => [database, second ?? database];
}
