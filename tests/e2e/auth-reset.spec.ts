import { expect, test } from "./fixtures";
import { signIn, signUpVerified, TEST_PASSWORD, uniqueEmail } from "./support/accounts";
import { linkIn, mailsTo, waitForMail } from "./support/mailbox";

const SENT = "If an account exists for that address, we've sent a link to reset the password.";

test("forgot password: one-time link, same rules, every session ended", async ({ page, browser }) => {
  // Sign-up, the confirming sign-in, a second session and the reset: a long journey.
  test.setTimeout(60_000);
  const email = uniqueEmail("reset");
  await signUpVerified(page, { name: "Reset Me", email });
  // A second session elsewhere, which the reset must end.
  const elsewhere = await browser.newPage();
  await signIn(elsewhere, email);
  await expect(elsewhere.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
  await page.context().clearCookies();

  // An unknown address gets the same answer and no mail.
  const stranger = uniqueEmail("stranger");
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // Client-side navigation: wait for the new page before filling its field.
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(stranger);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(SENT)).toBeVisible();

  await page.goto("/auth/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(SENT)).toBeVisible();
  const mail = await waitForMail(email, /Reset your/);
  expect(mailsTo(stranger)).toEqual([]);
  const link = linkIn(mail, "/auth/reset-password?token=");

  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("abcdef1");
  await page.getByLabel("Confirm new password").fill("abcdef2");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText("Passwords do not match");
  await page.getByLabel("New password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm new password").fill("abc");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText("Password must be at least 6 characters");
  // Finding 4: then the server refuses a common password.
  await page.getByLabel("New password", { exact: true }).fill("123456");
  await page.getByLabel("Confirm new password").fill("123456");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText("Password is too common or easy to guess.");

  const newPassword = "brand-new-password";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Password updated")).toBeVisible();

  await elsewhere.goto("/about");
  await expect(elsewhere.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();

  await signIn(page, email, TEST_PASSWORD);
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  await signIn(page, email, newPassword);
  await expect(page.getByText("Signed in successfully!")).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await expect(page.getByText("This reset link is invalid, has been used or has expired.")).toBeVisible();
});
