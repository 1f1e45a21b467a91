import { expect, test } from "./fixtures";
import { PUBLIC_ROUTES } from "../support/public-routes";
import { signUp, uniqueEmail } from "./support/accounts";
import { axeViolations } from "./support/axe";

const PAGES = [
  ...PUBLIC_ROUTES.map((route) => route.path),
  "/equipment?q=nothing-matches-this",
  "/no/such/page",
];

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`axe at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of PAGES) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await page.goto(path);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe("with the phone menu open", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the open menu has no violations", async ({ page }) => {
    await page.goto("/");
    await page.locator(".mobile-menu > summary").click();
    expect(await axeViolations(page, { bestPractice: false })).toEqual([]);
  });
});

test("a page showing a redirect's toast keeps all content in landmarks", async ({ page }) => {
  // The toast after a redirect is rendered by the root layout, outside <main>.
  await signUp(page, { name: "Toast Region", email: uniqueEmail("toast-region") });
  await expect(page.getByRole("region", { name: "Notification" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
