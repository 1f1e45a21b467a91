import type { Browser, Page } from "@playwright/test";
import { inArray, not } from "drizzle-orm";
import sharp from "sharp";
import { equipmentItems, equipmentPhotos } from "../../db/schema";
import { expect, startWorkerInboxServer, test as base } from "./fixtures";
import type { InboxServer } from "./inbox-setup";

/**
 * The catalogue edited by the team, end to end: an admin adds a machine and
 * publishes it, changes its day rate and reads the change in its history; a
 * visitor asks to rent it with dates, with JavaScript and without, and the
 * desk shows the machine, the dates and the estimate.
 */
const SHIPPED = [
  "cat-320-excavator",
  "komatsu-d65px-bulldozer",
  "gold-wash-plant-150tph",
  "cat-336-large-excavator",
  "john-deere-850k-crawler-dozer",
  "portable-gold-trommel-50tph",
];

// The visitors fill the form at machine speed: the bot timer (covered by integration tests) stays out of the way.
const test = base.extend<object, { inboxServer: InboxServer }>({
  inboxServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter.
    async ({}, provide) => {
      const server = await startWorkerInboxServer({ CONTACT_MIN_FILL_SECONDS: "0" });
      await provide(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

// Machines a test adds are taken out after it.
test.use({
  seed: {
    inquiries: () => [],
    prepare: async () => async (database) => {
      await database.db.delete(equipmentItems).where(not(inArray(equipmentItems.id, SHIPPED)));
      await database.db.delete(equipmentPhotos);
    },
  },
});

/** A calendar day `days` from today (GMT, Ghana's time all year), as a date field takes it. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function longDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

async function visitor(browser: Browser, url: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, javaScriptEnabled });
  return context.newPage();
}

/** Sends the item page's request for a hire of 14 days; returns the dates asked for. */
async function requestRental(page: Page, itemPath: string, name: string) {
  const start = dayFromToday(3);
  const end = dayFromToday(16);
  await page.goto(itemPath);
  const form = page.getByRole("form", { name: "Request a rental or a quote" });
  await form.getByLabel("I would like to").selectOption("rent");
  await form.getByLabel("Start date").fill(start);
  await form.getByLabel("End date (off-rent)").fill(end);
  await form.getByLabel("Site location").fill("Tarkwa, Western Region");
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Email Address").fill(`${name.toLowerCase().replace(/\W+/g, ".")}@example.test`);
  await form.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByRole("heading", { name: "We have your inquiry" })).toBeVisible();
  return { start, end };
}

test("an admin adds and publishes a machine, changes its day rate, and a visitor's rental request reaches the desk", async ({
  adminPage,
  inbox,
  browser,
}) => {
  const admin = adminPage;
  await admin.goto("/dashboard/equipment/new");
  const form = admin.getByRole("form", { name: "Machine" });
  await form.getByLabel("Name", { exact: true }).fill("Liebherr R 936 Excavator");
  await form.getByLabel("Category", { exact: true }).selectOption("excavators");
  await form
    .getByLabel("Description", { exact: true })
    .fill("A 36-tonne crawler excavator for production digging.");
  await form.getByLabel("Features (one a line)").fill("Long-reach boom\nRock bucket");
  await form.getByLabel("Specifications (one a line, as Label: value)").fill("Operating Weight: 36,000 kg");
  await form.getByLabel("Picture description (for screen readers)").fill("Illustration of an excavator");
  await form.getByLabel("Availability", { exact: true }).selectOption("rental-only");
  await form.getByLabel("Day rate (USD)").fill("1000");
  // A week dearer than seven days: refused, with the field's message, and nothing saved.
  await form.getByLabel("Week rate (USD)").fill("7500");
  await form.getByRole("button", { name: "Add machine" }).click();
  await expect(
    form.getByText("The week rate must be less than seven days at the day rate ($7,000)."),
  ).toBeVisible();
  await form.getByLabel("Week rate (USD)").fill("6000");
  await form.getByRole("button", { name: "Add machine" }).click();
  await expect(admin).toHaveURL(/\/dashboard\/equipment\/liebherr-r-936-excavator$/);
  await admin.getByRole("form", { name: "Publishing" }).getByRole("button", { name: "Publish" }).click();
  await expect(admin.getByRole("heading", { name: "Published" })).toBeVisible();

  const guest = await visitor(browser, inbox.url, true);
  await guest.goto("/equipment");
  const card = guest.getByRole("article", { name: "Liebherr R 936 Excavator" });
  await expect(card).toContainText("$1,000/day");
  await expect(card).toContainText("Rental Only");

  await admin.getByRole("form", { name: "Machine" }).getByLabel("Day rate (USD)").fill("1100");
  await admin.getByRole("form", { name: "Machine" }).getByRole("button", { name: "Save machine" }).click();
  const history = admin.getByRole("table", { name: "Changes to this machine, newest first" });
  await expect(history.getByRole("row", { name: /Day rate \(USD\) 1000 1100 Ada Admin/ })).toBeVisible();
  await expect(history.getByRole("row", { name: /Status draft published Ada Admin/ })).toBeVisible();

  await guest.goto("/equipment");
  await expect(card).toContainText("$1,100/day");
  await card.getByRole("link", { name: /View Details/ }).click();
  await expect(
    guest.getByRole("table", { name: "Rental rates of the Liebherr R 936 Excavator" }),
  ).toContainText("$6,000");
  const { start, end } = await requestRental(guest, "/equipment/liebherr-r-936-excavator", "Yaw Renter");
  // Two weeks at the week rate: an estimate, and said to be one.
  await expect(
    guest.getByRole("status").filter({ hasText: "Estimated rental: $12,000 for 14 days" }),
  ).toContainText("This is an estimate, not a quote.");

  await admin.goto("/dashboard");
  const lead = admin.getByRole("article", { name: "Yaw Renter" });
  await expect(lead).toContainText("Rental request: Liebherr R 936 Excavator");
  await expect(lead).toContainText(`Dates: ${longDate(start)} to ${longDate(end)} (14 days)`);
  await expect(lead).toContainText("Estimate shown: $12,000 (from the rate card, not a quote)");
  await guest.context().close();
});

test("a visitor without JavaScript requests a rental with dates, and the desk shows it", async ({
  adminPageWithoutJs,
  inbox,
  browser,
}) => {
  const guest = await visitor(browser, inbox.url, false);
  // A hire shorter than the minimum is refused with its message first.
  await guest.goto("/equipment/cat-320-excavator");
  const form = guest.getByRole("form", { name: "Request a rental or a quote" });
  const start = dayFromToday(3);
  await form.getByLabel("Start date").fill(start);
  await form.getByLabel("End date (off-rent)").fill(dayFromToday(5));
  await form.getByLabel("Full Name").fill("Abena Nojs");
  await form.getByLabel("Email Address").fill("abena.nojs@example.test");
  await form.getByRole("button", { name: "Send Request" }).click();
  await expect(guest.getByRole("alert")).toContainText(
    `The minimum hire of the CAT 320 Excavator is one week: choose an end date on or after ${longDate(dayFromToday(9))}.`,
  );

  const dates = await requestRental(guest, "/equipment/cat-320-excavator", "Abena Nojs");
  await expect(
    guest.getByRole("status").filter({ hasText: "Estimated rental: $11,900 for 14 days" }),
  ).toBeVisible();
  await adminPageWithoutJs.goto("/dashboard");
  const lead = adminPageWithoutJs.getByRole("article", { name: "Abena Nojs" });
  await expect(lead).toContainText("Rental request: CAT 320 Excavator");
  await expect(lead).toContainText(`Dates: ${longDate(dates.start)} to ${longDate(dates.end)} (14 days)`);
  await expect(lead).toContainText("Estimate shown: $11,900 (from the rate card, not a quote)");
  await guest.context().close();
});

/** A phone's photo: a JPEG with a GPS position in its EXIF. */
async function phonePhoto(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 750, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "5/1 18/1 0/1" } })
    .toBuffer();
}

test("an admin adds two photos to a machine, orders them, and visitors see them on its page", async ({
  adminPage,
  inbox,
  browser,
}) => {
  const admin = adminPage;
  await admin.goto("/dashboard/equipment/cat-320-excavator");
  const add = async (alt: string, colour: string) => {
    const form = admin.getByRole("form", { name: "Add a photo" });
    await form.getByLabel("Photo description (for screen readers)").fill(alt);
    await form
      .getByLabel("Photo file")
      .setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: await phonePhoto(colour) });
    await form.getByRole("button", { name: "Add photo" }).click();
    await expect(admin.getByRole("list", { name: "Photos in the order visitors see them" })).toContainText(
      alt,
    );
  };
  await add("The CAT 320 at the Tarkwa yard", "#c0a040");
  await add("The CAT 320's cab", "#4060a0");
  const photos = admin.getByRole("list", { name: "Photos in the order visitors see them" });
  await photos
    .getByRole("listitem")
    .filter({ hasText: "The CAT 320's cab" })
    .getByRole("button", { name: "Move earlier" })
    .click();
  await expect(photos.getByRole("listitem").first()).toContainText("The CAT 320's cab");

  const guest = await visitor(browser, inbox.url, true);
  await guest.goto("/equipment/cat-320-excavator");
  const main = guest.getByRole("img", { name: "The CAT 320's cab" });
  await expect(main).toBeVisible();
  await expect(main).toHaveJSProperty("complete", true);
  expect(await main.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // AVIF first, then WebP, then the JPEG every browser shows.
  const sources = guest.locator("picture").first().locator("source");
  await expect(sources).toHaveCount(2);
  await expect(sources.first()).toHaveAttribute("type", "image/avif");
  await expect(main).toHaveAttribute("srcset", /-480\.jpg 480w, .*-960\.jpg 960w, .*-1200\.jpg 1200w$/);
  await expect(main).toHaveAttribute("width", "1200");
  await expect(main).toHaveAttribute("height", "750");
  const second = guest.getByRole("img", { name: "The CAT 320 at the Tarkwa yard" });
  await expect(second).toHaveAttribute("loading", "lazy");
  const file = await guest.request.get((await main.getAttribute("src"))!);
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await file.body()).includes("GPS")).toBe(false);

  await guest.goto("/equipment");
  await expect(
    guest.getByRole("article", { name: "CAT 320 Excavator" }).getByRole("img", { name: "The CAT 320's cab" }),
  ).toBeVisible();

  // Deleted, it is gone from the page.
  await photos
    .getByRole("listitem")
    .filter({ hasText: "The CAT 320 at the Tarkwa yard" })
    .getByRole("button", { name: "Delete photo" })
    .click();
  await expect(photos.getByRole("listitem")).toHaveCount(1);
  await guest.goto("/equipment/cat-320-excavator");
  await expect(guest.getByRole("img", { name: "The CAT 320 at the Tarkwa yard" })).toHaveCount(0);
  await guest.context().close();
});
