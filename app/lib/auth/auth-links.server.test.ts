import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { authLinks, formatHours, HOUR_SECONDS } from "~/content/auth-links";
import { user, verification } from "~db/auth-schema";
import { mailJobs } from "../../../tests/support/job-rows";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { parseEnv } from "~/lib/env.server";
import { createAuth } from "~/lib/auth/auth.server";

/**
 * The account mails say how long their links work; here the links really
 * work that long, on a real database, with the period from one config.
 */
describe.each(testBackends)("account-mail links on %s", (backend) => {
  const database = useTestDatabase(backend);
  let auth: ReturnType<typeof createAuth>;
  beforeAll(() => {
    auth = createAuth(
      database.db,
      parseEnv({ BETTER_AUTH_SECRET: "auth-links-test-secret-0123456789abcdef", LOG_LEVEL: "silent" }),
    );
  });

  async function mailTo(email: string, kind: string) {
    const [mail] = (await mailJobs(database.db, kind)).filter((row) => row.to.join() === email);
    expect(mail).toBeDefined();
    return mail!;
  }

  it("the verification link expires after the period its mail states", async () => {
    const email = "verify-period@example.test";
    const before = Date.now();
    const { user: created } = await auth.api.signUpEmail({
      body: { name: "Vera Period", email, password: "correct horse battery" },
    });
    const after = Date.now();
    const mail = await mailTo(email, "auth-verify-email");
    const period = authLinks.verifyEmailHours * HOUR_SECONDS;
    for (const part of [mail.text, mail.html])
      expect(part).toContain(`The link is valid for ${formatHours(authLinks.verifyEmailHours)}.`);

    const token = decodeURIComponent(/verify-email\?token=([^\s]+)/.exec(mail.text)![1]!);
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as {
      iat: number;
      exp: number;
    };
    expect(claims.exp - claims.iat).toBe(period);
    // The record that ties the link to the current password lasts as long.
    const [record] = await database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `verify-email:${created.id}`));
    expect(record!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + period * 1000);
    expect(record!.expiresAt.getTime()).toBeLessThanOrEqual(after + period * 1000);
  });

  it("the password-reset link expires after the period its mail states", async () => {
    const email = "reset-period@example.test";
    await auth.api.signUpEmail({ body: { name: "Rita Period", email, password: "correct horse battery" } });
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const before = Date.now();
    await auth.api.requestPasswordReset({ body: { email } });
    const after = Date.now();
    const mail = await mailTo(email, "auth-reset-password");
    const period = authLinks.resetPasswordHours * HOUR_SECONDS;
    for (const part of [mail.text, mail.html])
      expect(part).toContain(`is valid for ${formatHours(authLinks.resetPasswordHours)}.`);

    const token = decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(mail.text)![1]!);
    const [record] = await database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect(record!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + period * 1000);
    expect(record!.expiresAt.getTime()).toBeLessThanOrEqual(after + period * 1000);
  });

  it("states the periods as the mails always have", () => {
    expect(formatHours(authLinks.verifyEmailHours)).toBe("24 hours");
    expect(formatHours(authLinks.resetPasswordHours)).toBe("one hour");
  });
});
