import { expect, type Page } from "@playwright/test";
import { unusedTotpCode } from "../../support/totp";
import { linkIn, waitForMail } from "./mailbox";

/**
 * Addresses in the e2e server's ADMIN_EMAILS: an account signed up with
 * one becomes an admin when its owner verifies it and signs in. Each spec takes its own, by name, since an
 * address can be registered once per run.
 */
export const E2E_ADMINS = {
  roles: "admin-auth@e2e.example.com",
  inbox: "admin-inbox@e2e.example.com",
  matrix: "admin-matrix@e2e.example.com",
  spare1: "admin-spare-1@e2e.example.com",
  spare2: "admin-spare-2@e2e.example.com",
  twoFactorJourney: "admin-2fa-journey@e2e.example.com",
  twoFactorNoJs: "admin-2fa-nojs@e2e.example.com",
  passkeyOnly: "admin-passkey-only@e2e.example.com",
} as const;

/** The global server's ADMIN_EMAILS (playwright.config.ts). */
export const E2E_ADMIN_EMAILS = Object.values(E2E_ADMINS);

/**
 * The accounts seeded into the inbox server (tests/e2e/inbox-setup.ts), by
 * role; its admins are granted directly, not through ADMIN_EMAILS.
 */
export const INBOX_ACCOUNTS = {
  /** Signed in with an authenticator: the admin at the desk. */
  admin: { name: "Ada Admin", email: "ada.admin@example.test", admin: true },
  member: { name: "Max Member", email: "max.member@example.test", admin: false },
  /** Never set up a second factor; signed in with the password. */
  adminWithoutSecondFactor: { name: "Nell Nofactor", email: "nell.nofactor@example.test", admin: true },
  /** A password-only session from before he set up an authenticator, and one after: the second admin. */
  adminStaleSession: { name: "Stan Stale", email: "stan.stale@example.test", admin: true },
  /** Has a passkey, signed in with the password alone. */
  adminPasskeyPasswordOnly: { name: "Pat Passkey", email: "pat.passkey@example.test", admin: true },
} as const;

export const TEST_PASSWORD = "correct-horse-7";

/** A new address for every call, so tests never share an account. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function signUp(page: Page, account: { name: string; email: string; password?: string }) {
  const password = account.password ?? TEST_PASSWORD;
  await page.goto("/auth?tab=signup");
  const form = page.getByRole("form", { name: "Sign Up" });
  await form.getByLabel("Full Name").fill(account.name);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Confirm Password").fill(password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(
    page.getByText(
      "Thank you. Please check your email: we have sent a message to that address with the next step.",
    ),
  ).toBeVisible();
}

/**
 * Opens the link of the verification mail, which opens the sign-in form;
 * signing in there with the account's password verifies the address.
 */
export async function verifyEmail(page: Page, email: string, password = TEST_PASSWORD, count = 1) {
  const mail = await waitForMail(email, /Verify your email address/, count);
  await page.goto(linkIn(mail, "/auth/verify-email?token="));
  await expect(page).toHaveURL(/\/auth\?verify=/);
  const form = page.getByRole("form", { name: "Sign In" });
  await expect(form.getByLabel("Email")).toHaveValue(email.toLowerCase());
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Email verified")).toBeVisible();
}

/** A verified account, signed in on `page`. */
export async function signUpVerified(
  page: Page,
  account: { name: string; email: string; password?: string },
) {
  await signUp(page, account);
  await verifyEmail(page, account.email, account.password);
}

export async function signIn(page: Page, email: string, password = TEST_PASSWORD, path = "/auth") {
  await page.goto(path);
  const form = page.getByRole("form", { name: "Sign In" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in unless `page` is signed in already (/auth sends a signed-in visitor home). */
export async function ensureSignedIn(page: Page, email: string, password = TEST_PASSWORD) {
  await page.goto("/auth");
  if (new URL(page.url()).pathname === "/auth") {
    await signIn(page, email, password);
    await expect(page).not.toHaveURL(/\/auth(\?|$)/);
  }
}

interface TotpEnrolment {
  secret: string;
  backupCodes: string[];
}

/**
 * On /account/two-factor: confirms the password, reads the secret shown as
 * text, answers with the code an authenticator app would show, and reads
 * the backup codes shown once. Leaves the page on the backup codes.
 */
export async function enrolTotp(page: Page, password = TEST_PASSWORD): Promise<TotpEnrolment> {
  const start = page.getByRole("form", { name: "Set up authenticator" });
  await start.getByLabel("Your password").fill(password);
  await start.getByRole("button", { name: "Set up authenticator" }).click();
  await expect(page.getByRole("img", { name: "QR code of your authenticator secret" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  const confirm = page.getByRole("form", { name: "Confirm authenticator" });
  await confirm.getByLabel("Code from the app").fill(await unusedTotpCode(secret));
  await confirm.getByRole("button", { name: "Turn on two-factor" }).click();
  const list = page.getByRole("list", { name: "Backup codes" });
  await expect(list).toBeVisible();
  const backupCodes = (await list.getByRole("listitem").allTextContents()).map((code) => code.trim());
  return { secret, backupCodes };
}

/** The second step of signing in, with a code computed from the secret. */
export async function enterTotp(page: Page, secret: string) {
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  const form = page.getByRole("form", { name: "Authenticator code" });
  await form.getByLabel("Authentication code").fill(await unusedTotpCode(secret));
  await form.getByRole("button", { name: "Verify" }).click();
}

/**
 * The one way e2e tests make an admin who can open the dashboard: signs up
 * an address listed in ADMIN_EMAILS, verifies it, signs in, and sets up the
 * authenticator the dashboard asks for. Ends on the dashboard.
 */
export async function signUpAdminWithTotp(
  page: Page,
  account: { name: string; email: string; password?: string },
): Promise<TotpEnrolment> {
  const password = account.password ?? TEST_PASSWORD;
  await signUpVerified(page, { ...account, password });
  await ensureSignedIn(page, account.email, password);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/account\/two-factor\?redirectTo=%2Fdashboard/);
  const enrolment = await enrolTotp(page, password);
  await page.getByRole("link", { name: "I have saved my backup codes" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  return enrolment;
}
