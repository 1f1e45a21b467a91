import { expect, test } from "./fixtures";
import { PUBLIC_ROUTES } from "../support/public-routes";

const GREETING = "Hello, I'm interested in your gold trading and mining equipment services.";

for (const route of PUBLIC_ROUTES) {
  test(`${route.path} renders with one h1, its key text, head tags and no scripts on content pages`, async ({
    page,
  }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.h1);
    await expect(page.getByText(route.text, { exact: false }).first()).toBeAttached();

    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    const expectedPath = route.path === "/services/ghana-licensing" ? "/licensing" : route.path;
    expect(new URL(canonical ?? "").pathname).toBe(expectedPath);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", await page.title());
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary");

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "");
    expect(jsonLd).toMatchObject({ "@type": "Organization", name: "Volta Meridian" });
    // Content pages ship no JavaScript bundle, except the catalogue's small
    // filter script (a static asset, no hydration); the contact form may
    // hydrate. No page stores anything on the visitor's device without asking
    // (PECR reg. 6): where the visit began is the server's guess (decision 053).
    expect(await page.evaluate(() => [sessionStorage.length, localStorage.length])).toEqual([0, 0]);
    if (route.path === "/equipment") {
      await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(1);
      await expect(page.locator("script[src]")).toHaveAttribute(
        "src",
        /^\/assets\/catalogue-filter-[\w-]+\.js$/,
      );
    } else if (route.path !== "/contact") {
      await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0);
    }

    await expect(page.getByRole("contentinfo")).toContainText("company no.");
    await expect(page.getByRole("contentinfo")).toContainText("Ghana Prospecting Licence Ref.");
  });
}

test("every public page has its own title", async ({ page }) => {
  const titles = new Map<string, string>();
  for (const route of PUBLIC_ROUTES) {
    if (route.path === "/services/ghana-licensing") continue; // the same page as /licensing
    await page.goto(route.path);
    const title = await page.title();
    expect(titles.get(title), `${route.path} shares its title with ${titles.get(title)}`).toBeUndefined();
    titles.set(title, route.path);
  }
});

test("the signed-out header offers Sign In, Request Introduction and WhatsApp", async ({ page }) => {
  await page.goto("/about");
  const nav = page.getByRole("navigation", { name: "Main" });
  const links: [string, string][] = [
    ["Home", "/"],
    ["About", "/about"],
    ["Services", "/services"],
    ["Equipment", "/equipment"],
    ["Ghana Licensing", "/licensing"],
    ["FAQs", "/faqs"],
    ["Contact", "/contact"],
  ];
  for (const [name, href] of links) {
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute("aria-current", "page");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Sign In" }).first()).toHaveAttribute("href", "/auth");
  await expect(header.getByRole("link", { name: "Request Introduction" }).first()).toHaveAttribute(
    "href",
    "/contact",
  );
  const whatsapp = header.getByRole("link", { name: /WhatsApp/ }).first();
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  await expect(whatsapp).toHaveAttribute("rel", "noopener noreferrer");
  const href = new URL((await whatsapp.getAttribute("href")) ?? "");
  expect(href.origin).toBe("https://wa.me");
  expect(href.pathname).toMatch(/^\/\d+$/);
  expect(href.searchParams.get("text")).toBe(GREETING);
  await expect(header.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
});

test("the header turns opaque after the page scrolls", async ({ page }) => {
  await page.goto("/about");
  const background = () =>
    page.locator("header.site-header").evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await background()).not.toBe("rgb(255, 255, 255)");
  await page.mouse.wheel(0, 400);
  await expect.poll(background).toBe("rgb(255, 255, 255)");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("the menu opens and is used with the keyboard alone, without JavaScript", async ({ page }) => {
    await page.goto("/");
    // One menu for every width (it was in the page twice), hidden until the toggle opens it.
    const mobileNav = page.getByRole("navigation", { name: "Main" });
    await expect(mobileNav).toBeHidden();

    await page.keyboard.press("Tab"); // skip link
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await page.keyboard.press("Tab"); // brand
    await page.keyboard.press("Tab"); // menu toggle
    await expect(page.locator(".mobile-menu > summary")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(mobileNav).toBeVisible();
    await page.keyboard.press("Tab"); // Home
    await page.keyboard.press("Tab"); // About
    await expect(mobileNav.getByRole("link", { name: "About" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Volta Meridian");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  });
});

test("unknown paths answer 404 with the not-found page", async ({ page }) => {
  for (const path of ["/no/such/page", "/equipment/no-such-machine"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  }
});

test("the sitemap lists every public page and robots.txt points to it", async ({ request, baseURL }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
  const expected = PUBLIC_ROUTES.map((route) => route.path).filter(
    (path) => path !== "/services/ghana-licensing",
  );
  for (const path of expected) expect(locs).toContain(path);
  for (const id of [
    "komatsu-d65px-bulldozer",
    "gold-wash-plant-150tph",
    "cat-336-large-excavator",
    "john-deere-850k-crawler-dozer",
    "portable-gold-trommel-50tph",
  ])
    expect(locs).toContain(`/equipment/${id}`);
  expect(locs).not.toContain("/auth");
  expect(locs).not.toContain("/dashboard");
  for (const loc of locs) expect((await request.get(loc)).status(), loc).toBe(200);

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /dashboard");
  expect(robots).toContain("Disallow: /auth");
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
