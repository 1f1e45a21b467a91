import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ensureSignedIn, signIn, signUpVerified, TEST_PASSWORD, uniqueEmail } from "./support/accounts";

const FIREFOX_UA = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";
const EDGE_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0";

/** Another device of the same person, signed in. */
async function deviceSignedIn(browser: Browser, email: string, userAgent: string, password = TEST_PASSWORD) {
  const page = await (await browser.newContext({ userAgent })).newPage();
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/auth/);
  return page;
}

async function isSignedIn(page: Page): Promise<boolean> {
  await page.goto("/account");
  return new URL(page.url()).pathname === "/account";
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the account page lists sessions by device, and ends one or all the others", async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail(`sessions-${javaScriptEnabled ? "js" : "nojs"}`);
      await signUpVerified(page, { name: "Session Owner", email });
      await ensureSignedIn(page, email);
      const firefox = await deviceSignedIn(browser, email, FIREFOX_UA);
      const edge = await deviceSignedIn(browser, email, EDGE_UA);

      await page.getByRole("banner").getByRole("link", { name: "Account" }).first().click();
      await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
      const sessions = page.getByRole("list", { name: "Active sessions" });
      await expect(sessions.getByRole("listitem")).toHaveCount(3);
      await expect(sessions.getByRole("listitem").first()).toContainText("This device");
      await expect(sessions.getByRole("listitem", { name: "Firefox on Linux" })).toContainText("Last seen");
      await expect(sessions.getByRole("listitem", { name: "Edge on Windows" })).toBeVisible();

      await sessions
        .getByRole("listitem", { name: "Firefox on Linux" })
        .getByRole("button", { name: "End session on Firefox on Linux" })
        .click();
      await expect(page.getByText("Session ended")).toBeVisible();
      await expect(sessions.getByRole("listitem")).toHaveCount(2);
      expect(await isSignedIn(firefox)).toBe(false);
      expect(await isSignedIn(edge)).toBe(true);

      await page.getByRole("button", { name: "End all other sessions" }).click();
      await expect(page.getByText("1 other session ended")).toBeVisible();
      await expect(sessions.getByRole("listitem")).toHaveCount(1);
      expect(await isSignedIn(edge)).toBe(false);
      expect(await isSignedIn(page)).toBe(true);
    });
  });
}

test("changing the password needs the current one and ends the other sessions", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("change-password");
  const newPassword = "quartz ledger mango orbit 7";
  await signUpVerified(page, { name: "Password Changer", email });
  await ensureSignedIn(page, email);
  const other = await deviceSignedIn(browser, email, FIREFOX_UA);

  await page.goto("/account");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByLabel("New password", { exact: true }).fill(newPassword);
  await form.getByLabel("Confirm new password").fill(newPassword);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not right.").first()).toBeVisible();
  expect(await isSignedIn(other)).toBe(true);

  await page.goto("/account");
  await form.getByLabel("Current password").fill(TEST_PASSWORD);
  await form.getByLabel("New password", { exact: true }).fill(newPassword);
  await form.getByLabel("Confirm new password").fill(newPassword);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();
  await expect(page.getByRole("list", { name: "Active sessions" }).getByRole("listitem")).toHaveCount(1);
  expect(await isSignedIn(page)).toBe(true);
  expect(await isSignedIn(other)).toBe(false);

  // The old password no longer signs in; the new one does.
  const fresh = await (await browser.newContext()).newPage();
  await signIn(fresh, email, TEST_PASSWORD);
  await expect(fresh.getByText("Invalid email or password").first()).toBeVisible();
  await signIn(fresh, email, newPassword);
  await expect(fresh).not.toHaveURL(/\/auth/);
});
