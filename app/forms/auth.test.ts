import { describe, expect, it } from "vitest";
import { safeRedirectPath, SignInSchema, SignUpSchema } from "~/forms/auth";
import { collectFieldErrors } from "~/forms/parse-form";

const valid = {
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  password: "secret1",
  confirmPassword: "secret1",
};

function firstSignUpError(input: Record<string, string>): string | null {
  const result = SignUpSchema.safeParse(input);
  return result.success ? null : collectFieldErrors(result.error).first;
}

describe("sign-up rules", () => {
  it("accepts a complete form and normalises the address", () => {
    const result = SignUpSchema.parse({ ...valid, email: "  Ada@Example.COM " });
    expect(result.email).toBe("ada@example.com");
  });

  it("reports a mismatch before a short password, as the spec orders them", () => {
    expect(firstSignUpError({ ...valid, password: "abc", confirmPassword: "abd" })).toBe(
      "Passwords do not match",
    );
    expect(firstSignUpError({ ...valid, password: "abc", confirmPassword: "abc" })).toBe(
      "Password must be at least 6 characters",
    );
  });

  it("takes 6 to 128 characters", () => {
    expect(firstSignUpError({ ...valid, password: "123456", confirmPassword: "123456" })).toBeNull();
    const long = "x".repeat(129);
    expect(firstSignUpError({ ...valid, password: long, confirmPassword: long })).toBe(
      "Password must be at most 128 characters",
    );
  });

  it("requires every field and a valid address", () => {
    expect(firstSignUpError({ ...valid, fullName: "   " })).toBe("Full name is required");
    expect(firstSignUpError({ ...valid, email: "not-an-address" })).toBe("Enter a valid email address");
    expect(firstSignUpError({ ...valid, confirmPassword: "" })).toBe("Please confirm your password");
  });
});

describe("sign-in rules", () => {
  it("needs an address and a password", () => {
    expect(SignInSchema.safeParse({ email: "a@b.co", password: "" }).success).toBe(false);
    expect(SignInSchema.safeParse({ email: "nope", password: "x" }).success).toBe(false);
    expect(SignInSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
  });
});

describe("safeRedirectPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/dashboard?filter=unread#top", "/dashboard?filter=unread#top"],
    ["/dashboard?q=a b", "/dashboard?q=a%20b"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    "//evil.example/",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "dashboard",
    "/\tevil",
    // remix-utils refuses any "..", even one that stays on the site.
    "/a/../b",
    " /dashboard",
    "",
    null,
    undefined,
    42,
  ])("refuses %s", (input) => {
    expect(safeRedirectPath(input)).toBe("/");
  });
});

describe("finding 3: open redirect", () => {
  it.each([
    "/.//evil.com",
    "/%2e//evil.com",
    "/%2E//evil.com",
    "/a/..//evil.com",
    "/a/%2e%2e//evil.com",
    "/./\\evil.com",
    "/.\\/evil.com",
    "/a/..\\\\evil.com",
    "/%2e/\\evil.com",
    "/a/../\\evil.com",
  ])("never sends a signed-in visitor off-site via %s", (input) => {
    const result = safeRedirectPath(input);
    expect(result.startsWith("//")).toBe(false);
    expect(result.startsWith("/\\")).toBe(false);
    expect(new URL(result, "https://site.example").origin).toBe("https://site.example");
    expect(result).toBe("/");
  });
});
