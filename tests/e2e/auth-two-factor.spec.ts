import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { totpCode } from "../support/totp";
import {
  E2E_ADMINS,
  enrolTotp,
  enterTotp,
  signIn,
  signUp,
  signUpAdminWithTotp,
  TEST_PASSWORD,
  verifyEmail,
} from "./support/accounts";
import { addPasskey, addVirtualAuthenticator, usePasskey } from "./support/passkeys";

async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page.getByText("Signed out successfully")).toBeVisible();
}

async function useBackupCode(page: Page, code: string) {
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  const form = page.getByRole("form", { name: "Backup code" });
  // Open after a refused backup code; closed otherwise.
  if (!(await form.isVisible())) await page.getByText("Lost your device? Use a backup code").click();
  await form.getByLabel("Backup code").fill(code);
  await form.getByRole("button", { name: "Use backup code" }).click();
}

test("admin journey: sign up, verify, enrol TOTP, backup codes once, sign in with a code, with a backup code and with a passkey", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const authenticator = await addVirtualAuthenticator(page);
  const email = E2E_ADMINS.twoFactorJourney;
  const { secret, backupCodes } = await signUpAdminWithTotp(page, { name: "Journey Admin", email });
  expect(backupCodes).toHaveLength(10);
  expect(new Set(backupCodes).size).toBe(10);

  // Shown once: coming back to the page shows no codes.
  await page.goto("/account/two-factor");
  await expect(page.getByText("Two-factor authentication is on")).toBeVisible();
  await expect(page.getByRole("list", { name: "Backup codes" })).toHaveCount(0);
  for (const code of backupCodes) await expect(page.getByText(code)).toHaveCount(0);

  await page.goto("/about");
  await signOut(page);

  // The password alone does not sign in.
  await signIn(page, email, TEST_PASSWORD, "/auth?redirectTo=%2Fdashboard");
  await expect(page).toHaveURL(/\/auth\/two-factor\?redirectTo=%2Fdashboard/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  const wrong = totpCode(secret) === "000000" ? "111111" : "000000";
  const form = page.getByRole("form", { name: "Authenticator code" });
  await form.getByLabel("Authentication code").fill(wrong);
  await form.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right").first()).toBeVisible();
  await enterTotp(page, secret);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await signOut(page);

  // A backup code works once, and says how many are left.
  await signIn(page, email, TEST_PASSWORD, "/auth?redirectTo=%2Fdashboard");
  await useBackupCode(page, backupCodes[0]!);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("You used a backup code; 9 left.")).toBeVisible();
  await signOut(page);
  await signIn(page, email, TEST_PASSWORD, "/auth?redirectTo=%2Fdashboard");
  await useBackupCode(page, backupCodes[0]!);
  await expect(
    page.getByText("That backup code is not right, or it has been used already.").first(),
  ).toBeVisible();
  await useBackupCode(page, backupCodes[1]!);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  // A passkey added on the account page is the second step's alternative to a code.
  await page.goto("/account");
  await addPasskey(page, "Journey laptop");
  await expect(
    page.getByRole("list", { name: "Your passkeys" }).getByRole("listitem", { name: "Journey laptop" }),
  ).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  await signOut(page);
  await signIn(page, email, TEST_PASSWORD, "/auth?redirectTo=%2Fdashboard");
  await expect(page).toHaveURL(/\/auth\/two-factor\?redirectTo=%2Fdashboard/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  await usePasskey(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin enrols TOTP and signs in with a code", async ({ page }) => {
    test.setTimeout(90_000);
    const email = E2E_ADMINS.twoFactorNoJs;
    await signUp(page, { name: "Plain Admin", email });
    // The link opens the sign-in form; signing in there confirms the address.
    await verifyEmail(page, email);

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/account\/two-factor\?redirectTo=%2Fdashboard/);
    await expect(page.getByText("Set up two-factor authentication")).toBeVisible();
    const { secret, backupCodes } = await enrolTotp(page);
    expect(backupCodes).toHaveLength(10);
    await page.getByRole("link", { name: "I have saved my backup codes" }).click();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

    await page.goto("/about");
    await signOut(page);
    await signIn(page, email, TEST_PASSWORD, "/auth?redirectTo=%2Fdashboard");
    await enterTotp(page, secret);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  });
});
