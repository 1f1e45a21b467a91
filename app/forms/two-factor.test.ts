import { describe, expect, it } from "vitest";
import { ChangePasswordSchema } from "~/forms/auth";
import { BackupCodeSchema, TotpCodeSchema, twoFactorMessages } from "~/forms/two-factor";

describe("two-factor forms", () => {
  it("takes a 6-digit code, with the spaces apps show dropped", () => {
    expect(TotpCodeSchema.parse({ code: "123 456" }).code).toBe("123456");
    expect(TotpCodeSchema.parse({ code: "12 34 56" }).code).toBe("123456");
    expect(TotpCodeSchema.parse({ code: "123  456" }).code).toBe("123456");
    for (const code of ["12345", "1234567", "abcdef", "", "1 2 3 4 5 6 7"]) {
      const result = TotpCodeSchema.safeParse({ code });
      expect(result.success, code).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(twoFactorMessages.codeInvalid);
    }
  });

  it("takes a backup code with or without its hyphen", () => {
    expect(BackupCodeSchema.parse({ code: " AbCde-12345 " }).code).toBe("AbCde-12345");
    expect(BackupCodeSchema.parse({ code: "AbCde12345" }).code).toBe("AbCde-12345");
    expect(BackupCodeSchema.safeParse({ code: "abcde-1234" }).success).toBe(false);
    expect(BackupCodeSchema.safeParse({ code: "abcde_12345" }).success).toBe(false);
  });
});

describe("ChangePasswordSchema", () => {
  it("needs the current password, and checks the new one like sign-up (mismatch first)", () => {
    const ok = { currentPassword: "old one", password: "new secret", confirmPassword: "new secret" };
    expect(ChangePasswordSchema.safeParse(ok).success).toBe(true);
    expect(ChangePasswordSchema.safeParse({ ...ok, currentPassword: "" }).error?.issues[0]?.path).toEqual([
      "currentPassword",
    ]);
    expect(
      ChangePasswordSchema.safeParse({ ...ok, password: "abc", confirmPassword: "abd" }).error?.issues[0]
        ?.message,
    ).toBe("Passwords do not match");
    expect(
      ChangePasswordSchema.safeParse({ ...ok, password: "abc", confirmPassword: "abc" }).error?.issues[0]
        ?.message,
    ).toBe("Password must be at least 6 characters");
  });
});
