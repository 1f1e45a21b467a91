import { type Page, type Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  E2E_ADMINS,
  ensureSignedIn,
  signIn,
  signUpVerified,
  TEST_PASSWORD,
  uniqueEmail,
} from "./support/accounts";
import { axeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { addPasskey, addVirtualAuthenticator, usePasskey } from "./support/passkeys";

async function signOut(page: Page) {
  await page.goto("/about");
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page.getByText("Signed out successfully")).toBeVisible();
}

test("an admin whose second factor is a passkey: enrols it instead of an authenticator, and signs in with the password, then the passkey", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const authenticator = await addVirtualAuthenticator(page);
  const email = E2E_ADMINS.passkeyOnly;
  await signUpVerified(page, { name: "Pia Passkey", email });
  await ensureSignedIn(page, email);

  // The enrolment page offers a passkey as the alternative to an authenticator app.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/account\/two-factor\?redirectTo=%2Fdashboard/);
  await addPasskey(page, "Office key");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  await signOut(page);

  // The password alone starts the passkey step (no code form), signs nobody in and reaches no dashboard data.
  await signIn(page, email, TEST_PASSWORD, "/auth?redirectTo=%2Fdashboard");
  await expect(page).toHaveURL(/\/auth\/two-factor\?redirectTo=%2Fdashboard/);
  await expect(page.getByRole("button", { name: "Use a passkey" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Authenticator code" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard/);

  await signIn(page, email, TEST_PASSWORD, "/auth?redirectTo=%2Fdashboard");
  await expect(page.getByRole("button", { name: "Use a passkey" })).toBeEnabled();
  expect(await axeViolations(page)).toEqual([]);
  await usePasskey(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  // The session proved the passkey: an authenticator can be added as well.
  await page.goto("/account/two-factor");
  await expect(page.getByRole("form", { name: "Set up authenticator" })).toBeVisible();
  await page.goto("/account");
  const passkeys = page.getByRole("list", { name: "Your passkeys" });
  await expect(passkeys.getByRole("listitem", { name: "Office key" })).toBeVisible();
  // The last second factor of an admin stays.
  await page.getByRole("button", { name: "Remove passkey Office key" }).click();
  await expect(page.getByText("Administrator accounts must keep a second factor").first()).toBeVisible();
  await expect(passkeys.getByRole("listitem", { name: "Office key" })).toBeVisible();
});

test("any account adds, lists and removes passkeys; a password-only session confirms with a passkey first", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await addVirtualAuthenticator(page);
  const email = uniqueEmail("passkey-member");
  await signUpVerified(page, { name: "Mo Member", email });
  await ensureSignedIn(page, email);

  await page.goto("/account");
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
  await addPasskey(page, "Kitchen tablet");
  const list = page.getByRole("list", { name: "Your passkeys" });
  const row = list.getByRole("listitem", { name: "Kitchen tablet" });
  await expect(row).toBeVisible();
  await expect(row.getByText(/^Added \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/)).toBeVisible();
  // After a reload: the confirmation toast (rendered by the root layout) is gone.
  await page.reload();
  expect(await axeViolations(page)).toEqual([]);

  // Signed in with the password alone, the passkeys cannot be changed until the passkey confirms.
  await signOut(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/account");
  await expect(page.getByRole("button", { name: "Remove passkey Kitchen tablet" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  await page.getByRole("link", { name: "Confirm with a passkey" }).click();
  await usePasskey(page);
  await expect(page).toHaveURL(/\/account$/);

  await page.getByRole("button", { name: "Remove passkey Kitchen tablet" }).click();
  await expect(page.getByText("Passkey removed")).toBeVisible();
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
});

test("a passkey name typed before the page has hydrated is the name the passkey gets", async ({ page }) => {
  test.setTimeout(90_000);
  await addVirtualAuthenticator(page);
  const email = uniqueEmail("passkey-early");
  await signUpVerified(page, { name: "Efua Early", email });
  await ensureSignedIn(page, email);

  // The page's scripts are held back, as on a slow network, while the owner types.
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  // A plain document load (goto would wait for the hydration held back here).
  await page.evaluate(() => window.location.assign("/account"));
  await page.getByLabel("Passkey name (optional)").fill("Typed early");
  await expect.poll(() => held.length).toBeGreaterThan(0);
  released = true;
  for (const route of held) await route.continue();
  await waitForHydration(page);

  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added")).toBeVisible();
  const list = page.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("listitem", { name: "Typed early" })).toBeVisible();
});
