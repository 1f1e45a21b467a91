import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountActivity, user } from "~db/schema";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { createAuth } from "~/lib/auth/auth.server";
import { parseEnv } from "~/lib/env.server";

describe.each(testBackends)("account activity on %s", (backend) => {
  const database = useTestDatabase(backend);

  it("records every sign-in and voids an inactivity warning", async () => {
    const auth = createAuth(
      database.db,
      parseEnv({ BETTER_AUTH_SECRET: "account-activity-test-secret-0123456789", LOG_LEVEL: "silent" }),
    );
    const email = "active@example.test";
    const password = "correct horse battery";
    const { user: created } = await auth.api.signUpEmail({ body: { name: "Ann Active", email, password } });
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, created.id));
    const warnedAt = new Date(Date.now() - 60_000);
    await database.db.insert(accountActivity).values({ user_id: created.id, inactivity_warned_at: warnedAt });

    const before = Date.now();
    await auth.api.signInEmail({ body: { email, password } });
    const [row] = await database.db
      .select()
      .from(accountActivity)
      .where(eq(accountActivity.user_id, created.id));
    expect(row?.last_sign_in_at?.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(row?.inactivity_warned_at).toBeNull();
  });
});
