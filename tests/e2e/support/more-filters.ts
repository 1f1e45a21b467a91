import { expect, type Page } from "@playwright/test";

/** Opens the inbox's "More filters" unless it is open (as it is while one of its filters or a sort is on). */
export async function openMoreFilters(page: Page) {
  const more = page.locator("details.inbox-more");
  if ((await more.getAttribute("open")) === null) await more.locator("> summary").click();
  await expect(more).toHaveAttribute("open", "");
}
