import { expect, test } from "./fixtures";
import { signIn, signUp, signUpVerified, TEST_PASSWORD, uniqueEmail } from "./support/accounts";
import { waitForMail } from "./support/mailbox";

test.describe("sign-in", () => {
  test("one message for a wrong password and an unknown address", async ({ page }) => {
    const email = uniqueEmail("wrongpw");
    await signUpVerified(page, { name: "Wrong Password", email });
    await page.context().clearCookies();

    await signIn(page, email, "not-the-password");
    const toast = page.getByRole("alert");
    await expect(toast).toContainText("Sign in failed");
    await expect(toast).toContainText("Invalid email or password");
    await expect(page.getByRole("form", { name: "Sign In" }).getByLabel("Email")).toHaveValue(email);

    await signIn(page, uniqueEmail("nobody"), "not-the-password");
    await expect(page.getByRole("alert")).toContainText("Sign in failed");
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  });

  test("disables the button while signing in", async ({ page }) => {
    await page.goto("/auth");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/auth\.data/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const form = page.getByRole("form", { name: "Sign In" });
    await form.getByLabel("Email").fill(uniqueEmail("busy-in"));
    await form.getByLabel("Password").fill("whatever1");
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(form.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    release();
    await expect(page.getByRole("alert")).toContainText("Sign in failed");
    await expect(form.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  test("an unverified address is told so and can get the link again", async ({ page }) => {
    const email = uniqueEmail("unverified");
    await signUp(page, { name: "Not Yet", email });
    await waitForMail(email, /Verify your email address/);

    await signIn(page, email);
    await expect(page.getByRole("alert")).toContainText("Please verify your email address first");
    await page.getByRole("button", { name: "Send the link again" }).click();
    await expect(page.getByText("Verification link sent")).toBeVisible();
    await waitForMail(email, /Verify your email address/, 2);
  });

  test("returns to the page that asked for sign-in, on this site only", async ({ page }) => {
    const email = uniqueEmail("redirect");
    await signUpVerified(page, { name: "Redirect", email });
    await page.context().clearCookies();

    await signIn(page, email, TEST_PASSWORD, "/auth?redirectTo=%2Fservices%3Fx%3D1");
    await expect(page).toHaveURL(/\/services\?x=1$/);
    await page.context().clearCookies();

    await signIn(page, email, TEST_PASSWORD, "/auth?redirectTo=%2F%2Fevil.example%2F");
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);

    // Signed in, /auth itself sends the visitor on.
    await page.goto("/auth");
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  });

  test("blocks an address after too many attempts", async ({ page }) => {
    const email = uniqueEmail("flood");
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await page.request.post("/auth", {
        form: { intent: "sign-in", email, password: `guess-${attempt}` },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(401);
    }
    const blocked = await page.request.post("/auth", {
      form: { intent: "sign-in", email, password: "guess-11" },
      maxRedirects: 0,
    });
    expect(blocked.status()).toBe(429);
    expect(Number(blocked.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await blocked.text()).toContain("Too many attempts. Please wait");
  });
});

test.describe("sign-in without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sets an HttpOnly session cookie and never puts the token in the page", async ({ page }) => {
    const email = uniqueEmail("nojs-in");
    await signUpVerified(page, { name: "No Script", email });
    await page.context().clearCookies();

    const response = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes("/auth"),
    );
    await signIn(page, email);
    const post = await response;
    expect(post.status()).toBe(302);
    await expect(page.getByText("Signed in successfully!")).toBeVisible();
    const session = (await page.context().cookies()).find((cookie) => cookie.name.endsWith("session_token"));
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    const token = decodeURIComponent(session!.value).split(".")[0]!;
    expect(await page.content()).not.toContain(token);
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
  });
});
