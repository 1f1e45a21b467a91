import { issueFormToken } from "../../app/lib/http/form-guard.server";
import { expect, test } from "./fixtures";
import { INBOX_FORM_SECRET, type InboxServer, type NewInquiry } from "./inbox-setup";

/** A visitor's inquiry through the real contact form (with the token of a form open for a while). */
const inquirySender = (inbox: InboxServer) => async (name: string) => {
  const response = await fetch(`${inbox.url}/contact`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({
      name,
      email: "visitor@example.test",
      interest: "consultation",
      deal_size: "",
      message: `Inquiry from ${name}`,
      form_token: issueFormToken(INBOX_FORM_SECRET, "contact", Date.now() - 10_000),
    }),
  });
  expect(response.status).toBeLessThan(400);
};

/** What the test before sent through the form: thirty visitors, then a late arrival. */
const visitorsAndLateArrival = (): NewInquiry[] =>
  [...Array.from({ length: 30 }, (_, i) => `Visitor ${String(i + 1).padStart(2, "0")}`), "Late Arrival"].map(
    (name, i) => ({
      name,
      email: "visitor@example.test",
      interest: "consultation",
      message: `Inquiry from ${name}`,
      created_at: new Date(Date.now() - (40 - i) * 1_000),
    }),
  );

test("pages of 25, newest first; without JavaScript later pages stay as they were while new inquiries arrive", async ({
  adminPageWithoutJs: page,
  inbox,
}) => {
  test.setTimeout(90_000);
  // Without JavaScript the page cannot follow live updates, so the page
  // bound (asOf) alone must keep page 2 from shifting.
  const submitInquiry = inquirySender(inbox);

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

test.describe("with thirty-one inquiries", () => {
  test.use({ seed: { inquiries: visitorsAndLateArrival } });

  test("with JavaScript, page 1 takes in a new inquiry live and page 2 continues where it ends", async ({
    adminPage: page,
    inbox,
  }) => {
    const submitInquiry = inquirySender(inbox);
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

  test("shows a loading state while the next view loads", async ({ adminPage: page }) => {
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

  test("relative ages stay current without a reload", async ({ adminPage: page }) => {
    await page.clock.install();
    await page.goto("/dashboard?q=Late");
    const late = page.getByRole("article", { name: "Late Arrival" });
    await expect(late.getByText(/less than a minute ago|1 minute ago/)).toBeVisible();
    await page.clock.fastForward("05:00");
    await expect(late.getByText(/^[56] minutes ago$/)).toBeVisible();
  });
});
