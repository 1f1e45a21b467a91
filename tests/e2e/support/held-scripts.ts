import type { Page, Route } from "@playwright/test";
import { expect } from "@playwright/test";
import { waitForHydration } from "./hydration";

/**
 * Opens `path` with the page's scripts held back, as on a slow phone: the
 * server's HTML shows and takes input, React has not hydrated. The returned
 * function lets the scripts through and resolves once the page has hydrated.
 */
export async function openWithScriptsHeld(page: Page, path: string): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  // The frame's own goto: the page's waits for the hydration held back here.
  await page.mainFrame().goto(path, { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return async () => {
    await expect.poll(() => held.length).toBeGreaterThan(0);
    released = true;
    for (const route of held.splice(0)) await route.continue();
    await waitForHydration(page);
  };
}
