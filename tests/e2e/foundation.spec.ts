import { expect, test } from "./fixtures";

test("the home page is served without JavaScript", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // No bundle, no hydration and no inline script (decision 053).
  expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
});

test("an unknown path answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/definitely/not/here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("probes answer", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
});
