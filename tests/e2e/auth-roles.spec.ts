import { expect, test } from "./fixtures";
import {
  E2E_ADMINS,
  enterTotp,
  signIn,
  signUpAdminWithTotp,
  signUpVerified,
  uniqueEmail,
} from "./support/accounts";

test("the header for anonymous visitors, members and admins", async ({ browser }) => {
  // Three accounts, one of them enrolling an authenticator.
  test.setTimeout(90_000);
  const anonymous = await browser.newPage();
  await anonymous.goto("/about");
  let header = anonymous.getByRole("banner");
  await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Request Introduction" })).toBeVisible();
  await expect(header.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveCount(0);

  const member = await browser.newPage();
  await signUpVerified(member, { name: "Member", email: uniqueEmail("member") });
  await member.goto("/about");
  header = member.getByRole("banner");
  await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(header.getByRole("link", { name: /WhatsApp/ })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveCount(0);

  // ADMIN_EMAILS makes this address an admin when its owner verifies it and signs in.
  const admin = await browser.newPage();
  const { secret } = await signUpAdminWithTotp(admin, { name: "Admin", email: E2E_ADMINS.roles });
  await admin.goto("/about");
  header = admin.getByRole("banner");
  await expect(header.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();

  // §6: /dashboard per role.
  await anonymous.goto("/dashboard");
  await expect(anonymous).toHaveURL(/\/auth\?redirectTo=%2Fdashboard$/);
  await member.goto("/dashboard");
  await expect(member).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  await admin.goto("/dashboard");
  await expect(admin.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  // After signing in from the redirect, the admin lands on the dashboard.
  await admin.context().clearCookies();
  await admin.goto("/dashboard");
  await signIn(admin, E2E_ADMINS.roles, undefined, admin.url().replace(/^https?:\/\/[^/]+/, ""));
  await enterTotp(admin, secret);
  await expect(admin).toHaveURL(/\/dashboard$/);
  await expect(admin.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});
