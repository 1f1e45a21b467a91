import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const ALL = [
  "CAT 320 Excavator",
  "Komatsu D65PX Bulldozer",
  "Gold Wash Plant 150TPH",
  "CAT 336 Large Excavator",
  "John Deere 850K Crawler Dozer",
  "Portable Gold Trommel 50TPH",
];

function cardNames(page: Page) {
  return page.getByRole("article").getByRole("heading", { level: 2 });
}

async function applyFilters(
  page: Page,
  filters: { q?: string; category?: string; availability?: string; sort?: string },
) {
  const form = page.getByRole("search", { name: "Filter equipment" });
  if (filters.q !== undefined) await form.getByLabel("Search equipment").fill(filters.q);
  if (filters.category) await form.getByLabel("Category").selectOption(filters.category);
  if (filters.availability) await form.getByLabel("Availability").selectOption(filters.availability);
  if (filters.sort) {
    const sort = form.getByLabel("Sort by");
    // The panel stays open while a sort is applied.
    if (!(await sort.isVisible())) await form.getByText("More Filters").click();
    await sort.selectOption(filters.sort);
  }
  await form.getByRole("button", { name: "Apply Filters" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the catalogue with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("lists the six items with badges, prices and at most three features", async ({ page }) => {
      await page.goto("/equipment");
      await expect(cardNames(page)).toHaveText(ALL);
      const washPlant = page.getByRole("article", { name: "Gold Wash Plant 150TPH" });
      await expect(washPlant).toContainText("Rental Only");
      await expect(washPlant).toContainText("$2,500/day");
      await expect(washPlant).toContainText("Contact for Price");
      await expect(washPlant.getByRole("list", { name: /Features/ }).getByRole("listitem")).toHaveCount(4);
      await expect(washPlant).toContainText("+4 more");
      const large = page.getByRole("article", { name: "CAT 336 Large Excavator" });
      await expect(large).toContainText("Sale Only");
      await expect(large).toContainText("N/A");
      await expect(large).toContainText("$320,000");
      await expect(large.getByRole("img")).toHaveAttribute("alt", /CAT 336/);
      await expect(large.getByRole("link", { name: /Inquire/ })).toHaveAttribute(
        "href",
        "/contact?equipment=cat-336-large-excavator",
      );
      await expect(large.getByRole("link", { name: /View Details/ })).toHaveAttribute(
        "href",
        "/equipment/cat-336-large-excavator",
      );
    });

    test("search matches name or description, case-insensitively", async ({ page }) => {
      await page.goto("/equipment");
      await applyFilters(page, { q: "TROMMEL" });
      await expect(page).toHaveURL(/q=TROMMEL/);
      await expect(cardNames(page)).toHaveText(["Portable Gold Trommel 50TPH"]);
      await applyFilters(page, { q: "rainy season" });
      await expect(cardNames(page)).toHaveText(["Komatsu D65PX Bulldozer"]);
    });

    test("category and availability filters combine with search", async ({ page }) => {
      await page.goto("/equipment");
      await applyFilters(page, { category: "bulldozers" });
      await expect(cardNames(page)).toHaveText(["Komatsu D65PX Bulldozer", "John Deere 850K Crawler Dozer"]);
      await applyFilters(page, { category: "all", availability: "rental-only" });
      await expect(cardNames(page)).toHaveText(["Gold Wash Plant 150TPH"]);
      await applyFilters(page, { availability: "sale-only" });
      await expect(cardNames(page)).toHaveText(["CAT 336 Large Excavator"]);
      await applyFilters(page, { q: "cat", category: "excavators", availability: "available" });
      await expect(cardNames(page)).toHaveText(["CAT 320 Excavator"]);
    });

    test("More Filters sorts by name, rental price and sale price", async ({ page }) => {
      await page.goto("/equipment");
      await applyFilters(page, { sort: "rental-price" });
      await expect(cardNames(page)).toHaveText([
        "CAT 320 Excavator",
        "Komatsu D65PX Bulldozer",
        "John Deere 850K Crawler Dozer",
        "Portable Gold Trommel 50TPH",
        "Gold Wash Plant 150TPH",
        "CAT 336 Large Excavator",
      ]);
      await applyFilters(page, { sort: "sale-price" });
      await expect(cardNames(page).first()).toHaveText("CAT 320 Excavator");
      await expect(cardNames(page).last()).toHaveText("Gold Wash Plant 150TPH");
      await applyFilters(page, { sort: "name" });
      await expect(cardNames(page)).toHaveText([...ALL].sort((a, b) => a.localeCompare(b)));
    });

    test("no match shows the empty state, and Clear Filters resets all three", async ({ page }) => {
      await page.goto("/equipment?q=excavator&category=wash-plants&availability=sale-only");
      await expect(cardNames(page)).toHaveCount(0);
      await expect(page.getByText("No equipment found matching your criteria.")).toBeVisible();
      await page.getByRole("link", { name: "Clear Filters" }).click();
      await expect(page).toHaveURL(/\/equipment$/);
      await expect(cardNames(page)).toHaveText(ALL);
      await expect(page.getByLabel("Search equipment")).toHaveValue("");
      await expect(page.getByLabel("Category")).toHaveValue("all");
      await expect(page.getByLabel("Availability")).toHaveValue("all");
      await expect(page.getByRole("link", { name: "Clear Filters" })).toHaveCount(0);
    });
  });
}

test.describe("the catalogue filters as the visitor types and chooses (JavaScript on)", () => {
  /** Set before filtering: still there afterwards means the page was not reloaded. */
  async function markPage(page: Page) {
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
      (document.getElementById("catalogue-count") as HTMLElement & { kept?: boolean }).kept = true;
    });
  }
  async function expectSamePage(page: Page) {
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // The live region is the same node, so its new text is announced.
    expect(
      await page.evaluate(
        () => (document.getElementById("catalogue-count") as HTMLElement & { kept?: boolean }).kept,
      ),
    ).toBe(true);
  }

  test("typing filters the list, updates the URL and announces the count", async ({ page }) => {
    await page.goto("/equipment");
    await markPage(page);
    const status = page.getByRole("status").filter({ hasText: /^Showing/ });
    await expect(status).toHaveText("Showing 6 of 6 items");
    await page.getByLabel("Search equipment").pressSequentially("trommel");
    await expect(cardNames(page)).toHaveText(["Portable Gold Trommel 50TPH"]);
    await expect(status).toHaveText("Showing 1 of 6 items");
    await expect(page).toHaveURL(/\/equipment\?q=trommel$/);
    await page.getByLabel("Search equipment").fill("");
    await expect(cardNames(page)).toHaveText(ALL);
    await expect(status).toHaveText("Showing 6 of 6 items");
    await expect(page).toHaveURL(/\/equipment$/);
    await expectSamePage(page);
  });

  test("choosing filters and sorts at once, and the URL shows the view", async ({ page }) => {
    await page.goto("/equipment");
    await markPage(page);
    const form = page.getByRole("search", { name: "Filter equipment" });
    await form.getByLabel("Category").selectOption("bulldozers");
    await expect(cardNames(page)).toHaveText(["Komatsu D65PX Bulldozer", "John Deere 850K Crawler Dozer"]);
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText("Showing 2 of 6 items");
    await expect(page).toHaveURL(/\/equipment\?category=bulldozers$/);
    await form.getByText("More Filters").click();
    await form.getByLabel("Sort by").selectOption("name");
    await expect(cardNames(page)).toHaveText(["John Deere 850K Crawler Dozer", "Komatsu D65PX Bulldozer"]);
    await expect(page).toHaveURL(/\/equipment\?category=bulldozers&sort=name$/);
    await form.getByLabel("Availability").selectOption("sale-only");
    await expect(cardNames(page)).toHaveCount(0);
    await expect(page.getByText("No equipment found matching your criteria.")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText("Showing 0 of 6 items");
    await expectSamePage(page);

    // The URL is shareable: opened anew, it shows the same view.
    await page.goto("/equipment?category=bulldozers&sort=name");
    await expect(cardNames(page)).toHaveText(["John Deere 850K Crawler Dozer", "Komatsu D65PX Bulldozer"]);
  });

  test("the script is a static asset from this origin, allowed by the page's policy", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const response = await page.goto("/equipment");
    const src = await page.locator("script[src]").getAttribute("src");
    expect(src).toMatch(/^\/assets\/catalogue-filter-[\w-]+\.js$/);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await page.getByLabel("Search equipment").fill("150TPH");
    await expect(cardNames(page)).toHaveText(["Gold Wash Plant 150TPH"]);
    expect(errors).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("nothing changes until the form is submitted", async ({ page }) => {
    await page.goto("/equipment");
    const form = page.getByRole("search", { name: "Filter equipment" });
    await form.getByLabel("Search equipment").fill("trommel");
    await form.getByLabel("Category").selectOption("wash-plants");
    await expect(cardNames(page)).toHaveText(ALL);
    await expect(page).toHaveURL(/\/equipment$/);
    await form.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/\/equipment\?q=trommel&category=wash-plants&availability=all&sort=$/);
    await expect(cardNames(page)).toHaveText(["Portable Gold Trommel 50TPH"]);
    await expect(page.getByText("Showing 1 of 6 items")).toBeVisible();
  });
});

test("a filtered URL is rendered by the server and keeps its controls", async ({ request }) => {
  const html = await (await request.get("/equipment?q=wash&availability=rental-only")).text();
  expect(html).toContain("Gold Wash Plant 150TPH");
  expect(html).not.toContain("CAT 320 Excavator</h2>");
  expect(html).toMatch(/name="q"[^>]*value="wash"|value="wash"[^>]*name="q"/);
});

test("values outside the allowed sets show everything", async ({ page }) => {
  const response = await page.goto("/equipment?category=tractors&availability=free&sort=colour");
  expect(response?.status()).toBe(200);
  await expect(cardNames(page)).toHaveText(ALL);
});

test("a detail page shows every spec, both prices, every feature and the item's actions", async ({
  page,
}) => {
  await page.goto("/equipment");
  await page
    .getByRole("article", { name: "Gold Wash Plant 150TPH" })
    .getByRole("link", { name: /View Details/ })
    .click();
  await expect(page).toHaveURL(/\/equipment\/gold-wash-plant-150tph$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gold Wash Plant 150TPH");
  const specs = page.getByRole("table", { name: /Specifications/ });
  await expect(specs.getByRole("row")).toHaveCount(5);
  await expect(specs).toContainText("350–400 m³/hour");
  await expect(page.getByText("$2,500/day")).toBeVisible();
  await expect(page.getByText("Contact for Price")).toBeVisible();
  for (const feature of ["Grizzly feed hopper with vibrating screen", "Modular skids for truck transport"])
    await expect(page.getByText(feature)).toBeVisible();
  await expect(page.getByRole("link", { name: "Inquire about the Gold Wash Plant 150TPH" })).toHaveAttribute(
    "href",
    "/contact?equipment=gold-wash-plant-150tph",
  );
  const whatsapp = page.getByRole("link", { name: /Ask on WhatsApp/ });
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  const text = new URL((await whatsapp.getAttribute("href")) ?? "").searchParams.get("text");
  expect(text).toContain("Gold Wash Plant 150TPH");
});

test("every detail page answers", async ({ request }) => {
  for (const id of [
    "cat-320-excavator",
    "komatsu-d65px-bulldozer",
    "gold-wash-plant-150tph",
    "cat-336-large-excavator",
    "john-deere-850k-crawler-dozer",
    "portable-gold-trommel-50tph",
  ]) {
    const response = await request.get(`/equipment/${id}`);
    expect(response.status(), id).toBe(200);
    expect(await response.text()).toContain(`/images/equipment/${id}.svg`);
  }
});
