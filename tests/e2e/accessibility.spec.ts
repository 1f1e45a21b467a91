import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { PUBLIC_ROUTES } from "../support/public-routes";
import { signUp, uniqueEmail } from "./support/accounts";

const PAGES = [
  ...PUBLIC_ROUTES.map((route) => route.path),
  "/equipment?q=nothing-matches-this",
  "/no/such/page",
];

/** WCAG 2.2 AA and axe's best practices; a failure names each rule and where it fails. */
async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`axe at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of PAGES) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await page.goto(path);
        await expectNoViolations(page);
      });
    }
  });
}

test.describe("with the phone menu open", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the open menu has no violations", async ({ page }) => {
    await page.goto("/");
    await page.locator(".mobile-menu > summary").click();
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

test("a page showing a redirect's toast keeps all content in landmarks", async ({ page }) => {
  // The toast after a redirect is rendered by the root layout, outside <main>.
  await signUp(page, { name: "Toast Region", email: uniqueEmail("toast-region") });
  await expect(page.getByRole("region", { name: "Notification" })).toBeVisible();
  await expectNoViolations(page);
});
