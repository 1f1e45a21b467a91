import { beforeAll, describe, expect, it } from "vitest";
import { passkey, user } from "~db/schema";
import { testBackends } from "../../../tests/support/test-database";
import {
  hasSecondFactor,
  mayChangeSecondFactors,
  readSecondFactors,
  secondFactorOfNewSession,
} from "~/lib/auth/second-factor.server";
import { useTestDatabase } from "../../../tests/support/suite-database";

describe("secondFactorOfNewSession", () => {
  it("records the factor a sign-in step proved", () => {
    expect(secondFactorOfNewSession({}, { path: "/two-factor/verify-totp" })).toBe("totp");
    expect(secondFactorOfNewSession({}, { path: "/two-factor/verify-backup-code" })).toBe("backup-code");
    expect(secondFactorOfNewSession({}, { path: "/passkey/verify-authentication" })).toBe("passkey");
  });

  it("a password or a link alone proves none, whatever the request carries", () => {
    const current = { context: { session: { session: { secondFactor: "totp" } } } };
    for (const path of ["/sign-in/email", "/sign-up/email", "/verify-email", "/reset-password"]) {
      expect(secondFactorOfNewSession({ secondFactor: "totp" }, { path, ...current }), path).toBeNull();
    }
  });

  it("a session replacing the current one (password change, two-factor changes) keeps its factor", () => {
    const current = { context: { session: { session: { secondFactor: "passkey" } } } };
    expect(secondFactorOfNewSession({}, { path: "/change-password", ...current })).toBe("passkey");
    expect(secondFactorOfNewSession({ secondFactor: "totp" }, { path: "/two-factor/disable" })).toBe("totp");
    expect(secondFactorOfNewSession({ secondFactor: "forged" }, { path: "/update-user" })).toBeNull();
    expect(secondFactorOfNewSession({}, null)).toBeNull();
  });
});

describe("mayChangeSecondFactors", () => {
  const none = { totp: "off", passkeys: 0 } as const;
  const passkeyOnly = { totp: "off", passkeys: 1 } as const;
  const totpPending = { totp: "pending", passkeys: 0 } as const;

  it("an account without a second factor may add its first from a password session", () => {
    expect(mayChangeSecondFactors({ secondFactor: null }, none)).toBe(true);
    expect(mayChangeSecondFactors({ secondFactor: null }, totpPending)).toBe(true);
  });

  it("once a passkey (or an authenticator) is in use, the password alone changes nothing", () => {
    expect(hasSecondFactor(passkeyOnly)).toBe(true);
    expect(mayChangeSecondFactors({ secondFactor: null }, passkeyOnly)).toBe(false);
    expect(mayChangeSecondFactors({ secondFactor: null }, { totp: "on", passkeys: 0 })).toBe(false);
    expect(mayChangeSecondFactors({ secondFactor: "passkey" }, passkeyOnly)).toBe(true);
    expect(mayChangeSecondFactors({ secondFactor: "backup-code" }, { totp: "on", passkeys: 2 })).toBe(true);
  });
});

describe.each(testBackends)("readSecondFactors on %s", (backend) => {
  const database = useTestDatabase(backend);
  beforeAll(async () => {
    await database.db.insert(user).values({ id: "pia", name: "Pia Passkey", email: "pia@example.test" });
  });

  it("counts the account's passkeys: an admin with passkeys and no authenticator is enrolled", async () => {
    const { db } = database;
    expect(await readSecondFactors(db, "pia")).toEqual({ totp: "off", passkeys: 0 });
    const key = (id: string) => ({
      id,
      publicKey: "cHVibGlj",
      userId: "pia",
      credentialID: `credential-${id}`,
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    await db.insert(passkey).values([key("a"), key("b")]);
    const factors = await readSecondFactors(db, "pia");
    expect(factors).toEqual({ totp: "off", passkeys: 2 });
    expect(hasSecondFactor(factors)).toBe(true);
  });
});
