import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { expect, test } from "./fixtures";
import type { NewInquiry } from "./inbox-setup";
import { openMoreFilters } from "./support/more-filters";

const WIDTHS = [390, 768, 1280, 1920] as const;

/** Long names and companies: what could push a row or the bar wider than a phone. */
const seed = (): NewInquiry[] =>
  Array.from({ length: 8 }, (_, i) => ({
    name: `Client With A Rather Long Name Number ${i + 1}`,
    company: `Ashanti Regional Mining And Minerals Trading Company ${i + 1} Limited`,
    email: `client${i + 1}@example.test`,
    phone: "+233 24 123 4567",
    interest: i % 2 ? "gold-buying" : "equipment-rental",
    deal_size: i % 2 ? "1m-5m" : "over-5m",
    message: "Please send the KYC requirements and a timeline.",
    read_at: i % 3 === 0 ? new Date() : null,
    created_at: new Date(Date.now() - (i + 1) * 7 * 60 * 60_000),
  }));

test.use({ seed: { inquiries: seed }, inboxLayout: null });

/** Every element of the header and the workspace that ends beyond the viewport's right edge. */
async function overflowing(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots) => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    for (const root of roots) {
      for (const element of [root, ...root.querySelectorAll("*")]) {
        const box = element.getBoundingClientRect();
        // Visually hidden text (a 1 px box, as the skip link until focused) shows nothing.
        if (box.width <= 1 && box.height <= 1) continue;
        if (box.right > width + 0.5) {
          wide.push(
            `${element.tagName.toLowerCase()}.${element.className} ${Math.round(box.left)}–${Math.round(box.right)} > ${width}`,
          );
        }
      }
    }
    return wide;
  });
}

for (const width of WIDTHS) {
  test(`at ${width} px nothing in the workspace or the site's header is wider than the viewport`, async ({
    adminPage: page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/dashboard", "/dashboard/privacy"]) {
      await page.goto(path);
      expect(await overflowing(page, ".workspace"), path).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.goto("/dashboard");
    await openMoreFilters(page);
    expect(await overflowing(page, ".workspace"), "More filters").toEqual([]);
    // The cards, the admin's other layout.
    await page.getByRole("button", { name: "Cards" }).click();
    await expect(page.getByRole("article").first()).toBeVisible();
    expect(await overflowing(page, ".workspace"), "cards").toEqual([]);
    // The public site's header with an admin signed in (its fullest form).
    await page.goto("/");
    expect(await overflowing(page, "body > header"), "public header").toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test("the workspace has its own bar and navigation, and no marketing header or footer", async ({
  adminPage: page,
}) => {
  await page.goto("/dashboard");
  const bar = page.getByRole("banner");
  await expect(bar.getByRole("link", { name: "Dashboard 5 unread" })).toBeVisible();
  await expect(bar.getByRole("link", { name: /Ada Admin/ })).toHaveAttribute("href", "/account");
  await expect(bar.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(bar.getByRole("link", { name: /View site/ })).toHaveAttribute("href", "/");
  // None of the marketing site's frame.
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

  const nav = page.getByRole("navigation", { name: "Workspace" });
  await expect(nav.getByRole("link", { name: "Inbox 5 unread" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Privacy requests" }).click();
  await expect(page).toHaveURL(/\/dashboard\/privacy$/);
  await expect(nav.getByRole("link", { name: "Privacy requests" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await nav.getByRole("link", { name: "Held/Spam" }).click();
  await expect(page).toHaveURL(/\/dashboard\?status=held$/);
  await expect(page.getByText("No submissions match this view.")).toBeVisible();
  // Sign out is the site's own form (signing out here would end the worker's shared session).
  await expect(page.locator('.workspace-bar form[action="/auth/sign-out"]')).toHaveCount(1);
});

for (const width of [390, 1280] as const) {
  test(`axe finds nothing on the list and the cards at ${width} px`, async ({ adminPage: page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/dashboard");
    await expect(page.getByRole("table", { name: "Submissions" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await openMoreFilters(page);
    await page.getByRole("button", { name: "Cards" }).click();
    await expect(page.getByRole("article").first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
