/**
 * Fills a database for the benchmarks: a realistic inbox of inquiries, and a
 * signed-in admin whose session cookie can load the dashboard.
 */
import { eq, sql } from "drizzle-orm";
import { contactSubmissions, user } from "../db/schema";
import { DEAL_SIZE_VALUES, INTEREST_VALUES } from "../app/content/inquiry-options";
import { createAuth, sessionCookieName } from "../app/lib/auth.server";
import type { DatabaseHandle } from "../app/lib/db.server";
import type { Env } from "../app/lib/env.server";
import { grantAdmin } from "../app/lib/roles.server";

const WORDS =
  "gold bullion licence excavator rental purchase assay export kyc compliance tonnes wash plant trommel dozer accra kumasi london dubai shipment refinery".split(
    " ",
  );

/** Deterministic pseudo-random numbers, so every run seeds the same inbox. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** `rows` inquiries spread over 2023–2024, mostly read, a few spam. */
export async function seedInquiries(database: DatabaseHandle, rows: number): Promise<void> {
  const next = random(42);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
  const start = Date.UTC(2023, 0, 1);
  const span = Date.UTC(2025, 0, 1) - start;
  // Postgres allows 65,535 parameters per statement; 2,000 rows stay well below.
  const batchSize = 2_000;
  for (let offset = 0; offset < rows; offset += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, rows - offset) }, (_, i) => {
      const n = offset + i;
      const created = new Date(start + Math.floor(next() * span));
      return {
        name: `Visitor ${n}`,
        company: next() < 0.6 ? `Company ${Math.floor(next() * 5_000)}` : null,
        email: `visitor${n}@example.test`,
        phone: next() < 0.5 ? `+44 20 7946 ${String(n % 10_000).padStart(4, "0")}` : null,
        whatsapp: next() < 0.3 ? `+233 20 ${String(n % 1_000_000).padStart(6, "0")}` : null,
        interest: pick(INTEREST_VALUES),
        deal_size: next() < 0.8 ? pick(DEAL_SIZE_VALUES) : null,
        message: Array.from({ length: 20 + Math.floor(next() * 60) }, () => pick(WORDS)).join(" "),
        created_at: created,
        read_at: next() < 0.9 ? new Date(created.getTime() + 3_600_000) : null,
        is_spam: next() < 0.02,
      };
    });
    await database.db.insert(contactSubmissions).values(batch);
  }
  // As autovacuum would have by now: statistics, and the visibility map index-only counts need.
  await database.db.execute(sql`vacuum analyze contact_submissions`);
}

/**
 * Signs up a verified admin through Better Auth's own API and signs it in,
 * as the e2e inbox setup does: the cookie is one the server will accept.
 * Returns the `Cookie` header value.
 */
export async function seedAdminSession(database: DatabaseHandle, env: Env): Promise<string> {
  const email = "bench.admin@example.test";
  const password = "correct horse battery";
  const auth = createAuth(database.db, env);
  await auth.api.signUpEmail({ body: { name: "Bench Admin", email, password } });
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  await grantAdmin(database.db, email);
  const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  const name = sessionCookieName(env);
  const setCookie = headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  if (!setCookie) throw new Error("no session cookie for the benchmark admin");
  return setCookie.split(";")[0] ?? "";
}
