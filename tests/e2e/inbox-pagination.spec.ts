import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { issueFormToken } from "../../app/lib/http/form-guard.server";
import { type InboxServer, startInboxServer, signedInContext } from "./inbox-setup";

const SECRET = "inbox-e2e-secret-0123456789-abcdefghijklmnop";
let inbox: InboxServer;
let context: BrowserContext;
let page: Page;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  inbox = await startInboxServer([]);
});
test.afterAll(async () => {
  await inbox?.stop();
});
test.beforeEach(async ({ browser }) => {
  context = await signedInContext(browser, inbox);
  page = await context.newPage();
});
test.afterEach(async () => {
  await context.close();
});

/** A visitor's inquiry through the real contact form (with the token of a form open for a while). */
async function submitInquiry(name: string) {
  const response = await fetch(`${inbox.url}/contact`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({
      name,
      email: "visitor@example.test",
      interest: "consultation",
      deal_size: "",
      message: `Inquiry from ${name}`,
      form_token: issueFormToken(SECRET, "contact", Date.now() - 10_000),
    }),
  });
  expect(response.status).toBeLessThan(400);
}

test("an empty inbox says so", async () => {
  await page.goto("/dashboard");
  await expect(page.getByText("No submissions yet.")).toBeVisible();
  await expect(page.getByTestId("inbox-total")).toHaveText("0 total submissions");
  await expect(page).toHaveTitle(/^Admin Dashboard/);
});

test("pages of 25, newest first; without JavaScript later pages stay as they were while new inquiries arrive", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // Without JavaScript the page cannot follow live updates, so the page
  // bound (asOf) alone must keep page 2 from shifting.
  await context.close();
  context = await signedInContext(browser, inbox, "admin", { javaScriptEnabled: false });
  page = await context.newPage();

  for (let i = 1; i <= 30; i++) await submitInquiry(`Visitor ${String(i).padStart(2, "0")}`);
  await page.goto("/dashboard");
  await expect(page.getByTestId("inbox-total")).toHaveText("30 total submissions");
  await expect(page.getByRole("article")).toHaveCount(25);
  await expect(page.getByRole("article").first()).toHaveAccessibleName("Visitor 30");
  await expect(page.getByText("Page 1 of 2")).toBeVisible();

  await submitInquiry("Late Arrival");
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(5);
  await expect(page.getByRole("article").first()).toHaveAccessibleName("Visitor 05");
  await expect(page.getByRole("article").last()).toHaveAccessibleName("Visitor 01");

  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByRole("article").first()).toHaveAccessibleName("Late Arrival");
  await expect(page.getByTestId("inbox-total")).toHaveText("31 total submissions");
});

test("with JavaScript, page 1 takes in a new inquiry live and page 2 continues where it ends", async () => {
  await page.goto("/dashboard");
  await expect(page.getByRole("article").first()).toHaveAccessibleName("Late Arrival");
  await submitInquiry("Later Still");
  // The live update: no reload, and the inquiry pushed off page 1 is not lost.
  await expect(page.getByRole("article").first()).toHaveAccessibleName("Later Still");
  await expect(page.getByRole("article").last()).toHaveAccessibleName("Visitor 08");
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("article")).toHaveCount(7);
  await expect(page.getByRole("article").first()).toHaveAccessibleName("Visitor 07");
});

test("shows a loading state while the next view loads", async () => {
  await page.goto("/dashboard");
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/dashboard.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: "Unread", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Loading submissions..." })).toBeVisible();
  await expect(page.getByRole("region", { name: "Submissions" })).toHaveAttribute("aria-busy", "true");
  release();
  await expect(page).toHaveURL(/status=unread/);
  await expect(page.getByText("Loading submissions...")).toHaveCount(0);
});

test("relative ages stay current without a reload", async () => {
  await page.clock.install();
  await page.goto("/dashboard?q=Late");
  const late = page.getByRole("article", { name: "Late Arrival" });
  await expect(late.getByText(/less than a minute ago|1 minute ago/)).toBeVisible();
  await page.clock.fastForward("05:00");
  await expect(late.getByText(/^[56] minutes ago$/)).toBeVisible();
});
