import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signIn, signUp, TEST_PASSWORD, uniqueEmail, verifyEmail } from "./support/accounts";
import { linkIn, mailsTo, waitForMail } from "./support/mailbox";

const SUCCESS =
  "Thank you. Please check your email: we have sent a message to that address with the next step.";

async function fillSignUp(
  page: Page,
  values: { name: string; email: string; password: string; confirm: string },
) {
  const form = page.getByRole("form", { name: "Sign Up" });
  await form.getByLabel("Full Name").fill(values.name);
  await form.getByLabel("Email").fill(values.email);
  await form.getByLabel("Password", { exact: true }).fill(values.password);
  await form.getByLabel("Confirm Password").fill(values.confirm);
  return form;
}

test.describe("sign-up with JavaScript", () => {
  test("checks the passwords in the spec's order before any request", async ({ page }) => {
    await page.goto("/auth?tab=signup");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    const email = uniqueEmail("order");
    const form = await fillSignUp(page, { name: "Order Test", email, password: "abc", confirm: "abd" });
    await form.getByRole("button", { name: "Create Account" }).click();
    const toast = page.getByRole("alert").filter({ hasText: "Error" });
    await expect(toast).toContainText("Passwords do not match");
    await expect(form.getByText("Passwords do not match")).toBeVisible();

    await form.getByLabel("Confirm Password").fill("abc");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText(
      "Password must be at least 6 characters",
    );
    expect(posts).toEqual([]);
    expect(mailsTo(email)).toEqual([]);
  });

  test("disables the button while creating the account, then clears the form", async ({ page }) => {
    await page.goto("/auth?tab=signup");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/auth\.data/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const email = uniqueEmail("busy");
    const form = await fillSignUp(page, {
      name: "Busy Test",
      email,
      password: TEST_PASSWORD,
      confirm: TEST_PASSWORD,
    });
    await form.getByRole("button", { name: "Create Account" }).click();
    const busy = form.getByRole("button", { name: "Creating Account..." });
    await expect(busy).toBeDisabled();
    release();
    await expect(page.getByText(SUCCESS)).toBeVisible();
    const cleared = page.getByRole("form", { name: "Sign Up" });
    await expect(cleared.getByLabel("Full Name")).toHaveValue("");
    await expect(cleared.getByLabel("Email")).toHaveValue("");
    await expect(cleared.getByLabel("Password", { exact: true })).toHaveValue("");
  });

  test("sign up, verify by mail, sign out and sign in again", async ({ page }) => {
    const email = uniqueEmail("flow");
    await signUp(page, { name: "Flow <Tester>", email });

    const mail = await waitForMail(email, /Verify your email address/);
    // Finding 9: no sign-up name (attacker-chosen text) in the greeting.
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).not.toContain("Flow");
    await verifyEmail(page, email);

    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Dashboard" })).toHaveCount(0);

    const signedInCookies = await page.context().cookies();
    await header.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
    // The session ended on the server: its old cookie no longer signs in.
    await page.context().addCookies(signedInCookies);
    await page.goto("/auth");
    await expect(page.getByRole("form", { name: "Sign In" })).toBeVisible();
    await page.context().clearCookies();

    // The link is spent: it says so and signs no one in.
    await page.goto(linkIn(mail, "/auth/verify-email?token="));
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Email already verified")).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();

    await signIn(page, email);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Signed in successfully!")).toBeVisible();
    await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
  });

  test("answers a taken address like a new one, and tells its owner", async ({ page }) => {
    const email = uniqueEmail("taken");
    await signUp(page, { name: "First Owner", email });
    await verifyEmail(page, email);
    await page.context().clearCookies();

    await signUp(page, { name: "Someone Else", email, password: "another-password" });
    const notice = await waitForMail(email, /You already have/);
    expect(notice.text).toContain("/auth/forgot-password");
    // The first password still works; the second did not replace it.
    await signIn(page, email, "another-password");
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  });

  test("finding 1: a sign-up on an unverified address replaces the password; its link never signs in on its own", async ({
    page,
  }) => {
    const email = uniqueEmail("prehijack");
    const attackerPassword = "attacker-owns-this-3";
    await signUp(page, { name: "Attacker", email, password: attackerPassword });
    const attackersMail = await waitForMail(email, /Verify your email address/);
    // The owner opens the genuine mail: only a sign-in form, no session.
    await page.goto(linkIn(attackersMail, "/auth/verify-email?token="));
    await expect(page).toHaveURL(/\/auth\?verify=/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    expect((await page.context().cookies()).some((cookie) => cookie.name.includes("session_token"))).toBe(
      false,
    );
    // The owner signs up with their own password: it replaces the attacker's.
    await signUp(page, { name: "Real Owner", email });
    await verifyEmail(page, email, TEST_PASSWORD, 2);
    await page.context().clearCookies();
    await signIn(page, email, attackerPassword);
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
    // The earlier link is spent too.
    await page.goto(linkIn(attackersMail, "/auth/verify-email?token="));
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a bad verification link says so", async ({ page }) => {
    await page.goto("/auth/verify-email?token=forged.token.value");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("alert")).toContainText("This verification link is invalid or has expired.");
  });
});

test.describe("sign-up without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server applies the same rules, keeps the values and never echoes passwords", async ({ page }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/auth?tab=signup");
    let form = await fillSignUp(page, { name: "No Script", email, password: "abc", confirm: "abd" });
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toContainText("Passwords do not match");
    form = page.getByRole("form", { name: "Sign Up" });
    await expect(form.getByLabel("Full Name")).toHaveValue("No Script");
    await expect(form.getByLabel("Email")).toHaveValue(email);
    await expect(form.getByLabel("Password", { exact: true })).toHaveValue("");

    await fillSignUp(page, { name: "No Script", email, password: "abc", confirm: "abc" });
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toContainText("Password must be at least 6 characters");

    // Finding 4: after the spec's two checks, the server refuses common passwords.
    await fillSignUp(page, { name: "No Script", email, password: "aaaaaa", confirm: "aaaaaa" });
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toContainText("Password is too common or easy to guess.");
    expect(mailsTo(email)).toEqual([]);

    await fillSignUp(page, { name: "No Script", email, password: TEST_PASSWORD, confirm: TEST_PASSWORD });
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText(SUCCESS)).toBeVisible();
    await expect(page.getByRole("form", { name: "Sign Up" }).getByLabel("Email")).toHaveValue("");
    await waitForMail(email, /Verify your email address/);
  });
});
