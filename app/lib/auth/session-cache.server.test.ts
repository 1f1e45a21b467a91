import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../../../db/auth-schema";
import { createAccount } from "~/lib/db/seed.server";
import { createTestApp } from "../../../tests/support/test-context";
import { type Backend, testBackends } from "../../../tests/support/test-database";
import { readSessionRow } from "./session-cache.server";

const PASSWORD = "a-long-enough-password-for-a-visitor-5";

/**
 * What the session cache keeps, and when it lets go: a read is reused on
 * the embedded database only, and a read that a change overtook is never
 * kept, so the next request sees the change.
 */
describe.each(testBackends)("session reads on %s", (backend: Backend) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  const readRow = async () => {
    const [row] = await app.db.select({ id: session.id }).from(session).where(eq(session.token, token));
    return row;
  };

  beforeAll(async () => {
    app = await createTestApp(backend);
    const visitor = { name: "Val Visitor", email: "val@example.test", password: PASSWORD };
    await createAccount(app.db, app.services.env, visitor);
    await app.auth.api.signInEmail({ body: visitor });
    const [row] = await app.db.select({ token: session.token }).from(session);
    token = row!.token;
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it(`${backend === "pglite" ? "keeps" : "does not keep"} a read while nothing changed`, async () => {
    let reads = 0;
    const counted = () => {
      reads++;
      return readRow();
    };
    await readSessionRow(app.services.database, token, counted);
    await readSessionRow(app.services.database, token, counted);
    expect(reads).toBe(backend === "pglite" ? 1 : 2);
  });

  it("never keeps a read that a change overtook", async () => {
    // The row is read, then the session changes before the read is stored.
    const overtaken = await readSessionRow(app.services.database, `${token}-overtaken`, async () => {
      const row = await readRow();
      await app.db.update(session).set({ updatedAt: new Date() }).where(eq(session.token, token));
      return row;
    });
    expect(overtaken).toBeDefined();
    let reads = 0;
    await readSessionRow(app.services.database, `${token}-overtaken`, () => {
      reads++;
      return readRow();
    });
    expect(reads).toBe(1);
  });
});
