import { describe, expect, it } from "vitest";
import { secondFactorOfNewSession } from "./second-factor.server";

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
