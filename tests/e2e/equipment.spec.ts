import { expect, type Page, test } from "@playwright/test";

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
