import type { Page } from "@playwright/test";
import { issueFormToken } from "../../app/lib/http/form-guard.server";
import { ukWeekOf } from "../../app/lib/uk-time";
import { expect, test } from "./fixtures";
import { INBOX_FORM_SECRET } from "./inbox-setup";
import { axeViolations } from "./support/axe";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Made when the test starts: three genuine inquiries now, two four weeks ago, and spam. */
function seedInquiries() {
  const now = Date.now();
  const at = (ago: number) => new Date(now - ago);
  const base = { email: "lead@example.test", message: "Hello" };
  return [
    {
      ...base,
      name: "Gold One",
      interest: "gold-buying",
      created_at: at(MINUTE),
      first_replied_at: at(MINUTE / 2),
    },
    { ...base, name: "Gold Two", interest: "gold-buying", created_at: at(2 * MINUTE) },
    { ...base, name: "Advice", interest: "consultation", created_at: at(3 * MINUTE), status: "contacted" },
    { ...base, name: "Spam", interest: "consultation", created_at: at(MINUTE), is_spam: true },
    { ...base, name: "Old Rental", interest: "equipment-rental", created_at: at(28 * DAY + MINUTE) },
    { ...base, name: "Old Rental 2", interest: "equipment-rental", created_at: at(28 * DAY + 2 * MINUTE) },
  ];
}

test.use({ seed: { inquiries: seedInquiries } });

const CHART_TITLES = [
  "Inquiries per week, by interest",
  "Response time per week",
  "Answered within 24 hours",
  "Pipeline",
  "Why leads were lost",
  "Where leads come from",
  "Spam and held inquiries per week",
];

async function expectCharts(page: Page) {
  for (const title of CHART_TITLES) {
    const section = page.getByRole("region", { name: title });
    await expect(section).toBeVisible();
    await expect(section.locator("svg[role=img]").first()).toBeVisible();
    await expect(section.getByRole("link", { name: /Download as CSV/ })).toBeVisible();
  }
}

for (const width of [1280, 390]) {
  test(`the reports page at ${width} px: every chart, no overflow, no axe violations`, async ({
    adminPage,
  }) => {
    await adminPage.setViewportSize({ width, height: 900 });
    const response = await adminPage.goto("/dashboard/reports");
    expect(response?.status()).toBe(200);
    await expect(adminPage.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await expectCharts(adminPage);
    // Server-drawn: the page loads no script of its own.
    await expect(adminPage.locator("script[src]")).toHaveCount(0);
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(adminPage)).toEqual([]);
  });
}

test("the date range lives in the URL", async ({ adminPage }) => {
  const week = ukWeekOf(new Date()).key;
  await adminPage.goto("/dashboard/reports");
  await expect(adminPage.getByTestId("range-summary")).toContainText("12 weeks");
  await expect(adminPage.getByTestId("range-summary")).toContainText("5 genuine inquiries");

  await adminPage.getByLabel("Last 4 weeks").check();
  await adminPage.getByRole("button", { name: "Show" }).click();
  await expect(adminPage).toHaveURL(/range=4/);
  await expect(adminPage.getByTestId("range-summary")).toContainText("4 weeks");
  await expect(adminPage.getByTestId("range-summary")).toContainText("3 genuine inquiries");

  await adminPage.goto(`/dashboard/reports?range=custom&from=${week}&to=${week}`);
  await expect(adminPage.getByTestId("range-summary")).toContainText("1 week,");
  await expect(adminPage.getByTestId("range-summary")).toContainText("3 genuine inquiries");
});

test("a bad range is a clear error that shows no figures", async ({ adminPage }) => {
  await adminPage.goto("/dashboard/reports");
  await adminPage.getByLabel("Custom dates").check();
  await adminPage.getByLabel("From (custom)").fill("2026-03-01");
  await adminPage.getByLabel("To (custom)").fill("2026-01-01");
  await adminPage.getByRole("button", { name: "Show" }).click();
  await expect(adminPage.getByRole("alert")).toContainText("The last date must be on or after the first.");
  await expect(adminPage.getByLabel("To (custom)")).toHaveAttribute("aria-invalid", "true");
  await expect(adminPage.getByRole("region", { name: "Pipeline" })).toHaveCount(0);
  expect((await adminPage.request.get("/dashboard/reports?range=7")).status()).toBe(400);
  expect(await axeViolations(adminPage)).toEqual([]);
});

test("reports range in the year 9999: a clear 400 at the dates, not a 500", async ({ adminPage }) => {
  const query = "range=custom&from=9998-01-01&to=9999-12-31";
  const response = await adminPage.goto(`/dashboard/reports?${query}`);
  expect(response?.status()).toBe(400);
  await expect(adminPage.getByRole("alert")).toContainText("Enter a date from 2000-01-01 to 2099-12-31.");
  await expect(adminPage.getByLabel("From (custom)")).toHaveAttribute("aria-invalid", "true");
  await expect(adminPage.getByRole("region", { name: "Pipeline" })).toHaveCount(0);
  const csv = await adminPage.request.get(`/dashboard/reports/export.csv?chart=inquiries&${query}`);
  expect(csv.status()).toBe(400);
  expect(await csv.text()).toContain("Enter a date from 2000-01-01 to 2099-12-31.");
});

test("each chart's table opens beneath it with the figures", async ({ adminPage }) => {
  const week = ukWeekOf(new Date()).key;
  const old = ukWeekOf(new Date(Date.now() - 28 * DAY - 2 * MINUTE)).key;
  await adminPage.goto("/dashboard/reports?range=12");
  const inquiries = adminPage.getByRole("region", { name: "Inquiries per week, by interest" });
  const table = inquiries.locator("table");
  await expect(table).toBeHidden();
  await inquiries.getByText("Show the data as a table").click();
  await expect(table).toBeVisible();
  // Gold Buying, Gold Selling, Equipment Rental, Equipment Purchase, Licensing Support, Consultation, Not given, Total
  await expect(table.getByRole("row", { name: new RegExp(`^${week} 2 0 0 0 0 1 0 3$`) })).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(`^${old} 0 0 2 0 0 0 0 2$`) })).toBeVisible();

  const spam = adminPage.getByRole("region", { name: "Spam and held inquiries per week" });
  await spam.getByText("Show the data as a table").click();
  await expect(spam.getByRole("row", { name: new RegExp(`^${week} 1 0$`) })).toBeVisible();

  const pipeline = adminPage.getByRole("region", { name: "Pipeline" });
  await pipeline.getByText("Show the data as a table").click();
  await expect(pipeline.getByRole("row", { name: "Reached Received 5 100%" })).toBeVisible();
  await expect(pipeline.getByRole("row", { name: "Reached Contacted 1 20%" })).toBeVisible();
});

test("a chart's CSV downloads with the table's rows", async ({ adminPage }) => {
  const week = ukWeekOf(new Date()).key;
  await adminPage.goto("/dashboard/reports?range=4");
  const section = adminPage.getByRole("region", { name: "Inquiries per week, by interest" });
  const [download] = await Promise.all([
    adminPage.waitForEvent("download"),
    section.getByRole("link", { name: /Download as CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^report-inquiries-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await download.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString("utf8");
  expect(csv).toContain("Week (Monday),Gold Buying,Gold Selling,Equipment Rental");
  expect(csv).toContain(`${week},2,0,0,0,0,1,0,3\r\n`);
  expect(csv.trim().split("\r\n")).toHaveLength(5);
  const bad = await adminPage.request.get("/dashboard/reports/export.csv?chart=nothing&range=4");
  expect(bad.status()).toBe(400);
});

/** Sends the contact form as shown, with a token from a while ago (a person's fill time). */
async function sendInquiry(page: Page, name: string) {
  await page
    .locator('input[name="form_token"]')
    .evaluate(
      (input: HTMLInputElement, token) => (input.value = token),
      issueFormToken(INBOX_FORM_SECRET, "contact", Date.now() - 10_000),
    );
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email Address").fill("visitor@example.test");
  await page.getByLabel("Area of Interest").selectOption("gold-selling");
  await page.getByLabel("Message").fill("Where did I come from?");
  await page.getByRole("button", { name: "Send Inquiry" }).click();
  await expect(page).toHaveURL(/\/contact#inquiry-sent$/);
}

async function expectSource(adminPage: Page, value: string) {
  await adminPage.goto("/dashboard/reports?range=4");
  const sources = adminPage.getByRole("region", { name: "Where leads come from" });
  await sources.getByText("Show the data as a table").click();
  await expect(sources.locator("table")).toContainText(value);
}

test("with JavaScript too, the form carries the server's guess and nothing is stored on the device", async ({
  inbox,
  browser,
  adminPage,
}) => {
  const context = await browser.newContext({ baseURL: inbox.url });
  const page = await context.newPage();
  await page.goto("/services/gold-intermediary?utm_source=newsletter&utm_medium=email&utm_campaign=autumn");
  await page.locator('main a[href^="/contact"]').first().click();
  await expect(page).toHaveURL(/\/contact/);
  await expect(page.locator('input[name="landing_page"]')).toHaveValue("/services/gold-intermediary");
  await expect(page.locator('input[name="utm_source"]')).toHaveValue("newsletter");
  await expect(page.locator('input[name="utm_campaign"]')).toHaveValue("autumn");
  // PECR reg. 6: no storage on the device without consent (decision 053).
  expect(await page.evaluate(() => [sessionStorage.length, localStorage.length])).toEqual([0, 0]);
  await sendInquiry(page, "Scripted Visitor");
  await context.close();

  await expectSource(adminPage, "/services/gold-intermediary");
  await expectSource(adminPage, "newsletter / email / autumn");
});

test("without JavaScript, the form carries the page that led to it and that page's campaign", async ({
  inbox,
  browser,
  adminPage,
}) => {
  const context = await browser.newContext({ baseURL: inbox.url, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/services/gold-intermediary?utm_source=partner&utm_medium=referral&utm_campaign=spring");
  await page.locator('main a[href^="/contact"]').first().click();
  await expect(page).toHaveURL(/\/contact/);
  await expect(page.locator('input[name="landing_page"]')).toHaveValue("/services/gold-intermediary");
  await expect(page.locator('input[name="utm_source"]')).toHaveValue("partner");
  await sendInquiry(page, "Plain Visitor");
  await context.close();

  await expectSource(adminPage, "partner / referral / spring");

  // Arriving from another site: the contact page is the landing page, the other site the referrer.
  const direct = await browser.newContext({ baseURL: inbox.url, javaScriptEnabled: false });
  const other = await direct.newPage();
  await other.goto("/contact?utm_source=search", { referer: "https://www.search.example/results?q=gold" });
  await expect(other.locator('input[name="landing_page"]')).toHaveValue("/contact");
  await expect(other.locator('input[name="referrer_host"]')).toHaveValue("www.search.example");
  await direct.close();
});
