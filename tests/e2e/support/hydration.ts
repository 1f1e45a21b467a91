import type { Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the page, at once on a page that ships no
 * scripts. React hydrates in a transition, which may end after the load
 * event `goto` waits for; until it hydrates, a click is a plain document
 * request, not the app's.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (!("__reactRouterContext" in window)) return true;
    return [document.querySelector("main"), document.body].some(
      (element) => element && Object.keys(element).some((key) => key.startsWith("__reactFiber")),
    );
  });
}

const waiting = new WeakSet<Page>();

/** `goto` and `reload` on `page` also wait for hydration, as a person waits for a page to work. */
export function hydrateOnNavigation(page: Page): void {
  if (waiting.has(page)) return;
  waiting.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
}
