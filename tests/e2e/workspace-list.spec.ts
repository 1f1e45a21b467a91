import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { eq } from "drizzle-orm";
import { user, workspacePreferences } from "../../db/schema";
import { INBOX_ACCOUNTS } from "./support/accounts";
import type { InboxServer, NewInquiry } from "./inbox-setup";
import { openMoreFilters } from "./support/more-filters";

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60_000);

const KWAME_ID = "1e90216d-0000-4000-8000-000000000001";

/** Made when each test starts, so ages are from then. */
const seed = (inbox: InboxServer): NewInquiry[] => [
  {
    id: KWAME_ID,
    name: "Kwame Mensah",
    company: "Ashanti Minerals Ltd",
    email: "kwame@ashanti.test",
    interest: "gold-selling",
    deal_size: "under-100k",
    message: "Selling doré.",
    created_at: hoursAgo(30),
  },
  {
    name: "Ama Owusu",
    email: "ama@example.test",
    interest: "gold-buying",
    deal_size: "over-5m",
    message: "Buying bars.",
    created_at: hoursAgo(21),
    status: "contacted",
    assigned_to: inbox.accountIds.admin,
    read_at: hoursAgo(20),
  },
  {
    name: "Yaw Boateng",
    company: "Boateng Plant Hire",
    email: "yaw@example.test",
    interest: "equipment-rental",
    deal_size: "500k-1m",
    message: "A wash plant for three months.",
    created_at: hoursAgo(1),
    status: "qualified",
    last_action_at: hoursAgo(100),
    first_replied_at: hoursAgo(0.5),
  },
];

test.use({ seed: { inquiries: seed }, inboxLayout: null });

const rows = (page: Page) => page.getByRole("table", { name: "Submissions" }).locator("tbody tr");
const names = (page: Page) => rows(page).locator("th a").allTextContents();

test("the list is the default: one row per lead with its reference, lead, interest, deal size, status, owner, age and mark", async ({
  adminPage: page,
}) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  expect(await names(page)).toEqual(["Yaw Boateng", "Ama Owusu", "Kwame Mensah"]);
  const kwame = rows(page).filter({ hasText: "Kwame Mensah" });
  await expect(kwame.locator("td, th")).toHaveText([
    "",
    "VM-1E90216D",
    "Kwame MensahUnreadAshanti Minerals Ltd",
    "Gold Selling",
    "Under $100,000",
    "New",
    "Unassigned",
    "1 day agoOverdue",
    "Theirs",
  ]);
  const ama = rows(page).filter({ hasText: "Ama Owusu" });
  await expect(ama.getByRole("cell").nth(5)).toHaveText("Ada Admin");
  await expect(ama.getByRole("cell").nth(6)).toContainText("Due soon");
  await expect(ama).not.toContainText("Unread");
  // Answered: no mark, and the last message was ours.
  const yaw = rows(page).filter({ hasText: "Yaw Boateng" });
  await expect(yaw).not.toContainText(/Overdue|Due soon/);
  await expect(yaw.getByRole("cell").last()).toHaveText("Ours");
  await kwame.getByRole("link", { name: "Kwame Mensah" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/inquiries/${KWAME_ID}$`));
});

for (const javaScriptEnabled of [false, true]) {
  test(`sorts by deal size, status, last activity and received, in the URL (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    signedInPage,
  }) => {
    const page = await signedInPage("admin", { javaScriptEnabled });
    await page.goto("/dashboard");
    await openMoreFilters(page);
    const sort = page.getByRole("navigation", { name: "Sort by" });
    await expect(sort.getByRole("link", { name: "Received" })).toHaveAttribute("aria-current", "page");
    await sort.getByRole("link", { name: "Deal size" }).click();
    await expect(page).toHaveURL(/\?sort=deal$/);
    await expect.poll(() => names(page)).toEqual(["Ama Owusu", "Yaw Boateng", "Kwame Mensah"]);
    await sort.getByRole("link", { name: "Status" }).click();
    await expect(page).toHaveURL(/\?sort=status$/);
    await expect.poll(() => names(page)).toEqual(["Kwame Mensah", "Ama Owusu", "Yaw Boateng"]);
    await sort.getByRole("link", { name: "Last activity" }).click();
    await expect.poll(() => names(page)).toEqual(["Ama Owusu", "Kwame Mensah", "Yaw Boateng"]);
    // The sort stays with a filter.
    await page.getByLabel("Interest").selectOption("gold-buying");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/interest=gold-buying/);
    await expect(page).toHaveURL(/sort=activity/);
    await expect.poll(() => names(page)).toEqual(["Ama Owusu"]);
    await sort.getByRole("link", { name: "Received" }).click();
    await expect(page).toHaveURL(/\/dashboard\?interest=gold-buying$/);
  });
}

test.describe("numbered pages", () => {
  test.use({
    seed: {
      inquiries: () =>
        Array.from({ length: 55 }, (_, i) => ({
          name: `Client ${String(i + 1).padStart(2, "0")}`,
          email: `client${i + 1}@example.test`,
          message: "Hello.",
          created_at: new Date(Date.now() - (i + 1) * 60_000),
        })),
    },
  });

  test("fifty rows a page, the page numbers and the total", async ({ adminPageWithoutJs: page }) => {
    await page.goto("/dashboard");
    await expect(rows(page)).toHaveCount(50);
    const pages = page.getByRole("navigation", { name: "Pagination" });
    await expect(pages).toContainText("Page 1 of 2");
    await expect(pages).toContainText("55 in this view");
    await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await pages.getByRole("link", { name: "Page 2" }).click();
    await expect(rows(page)).toHaveCount(5);
    await expect(rows(page).first()).toContainText("Client 51");
    await expect(pages).toContainText("Page 2 of 2");
  });
});

for (const javaScriptEnabled of [false, true]) {
  test(`the layout is remembered per account (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    signedInPage,
  }) => {
    const page = await signedInPage("admin", { javaScriptEnabled });
    await page.goto("/dashboard?sort=deal");
    const layout = page.getByRole("form", { name: "Layout" });
    await expect(layout.getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "true");
    await layout.getByRole("button", { name: "Cards" }).click();
    await expect(page).toHaveURL(/\/dashboard\?sort=deal$/);
    await expect(page.getByRole("article")).toHaveCount(3);
    await expect(page.getByRole("article").first()).toHaveAccessibleName("Ama Owusu");
    await page.goto("/dashboard");
    await expect(page.getByRole("article")).toHaveCount(3);
    await openMoreFilters(page);
    await expect(layout.getByRole("button", { name: "Cards" })).toHaveAttribute("aria-pressed", "true");
    await layout.getByRole("button", { name: "List" }).click();
    await expect(rows(page)).toHaveCount(3);
  });
}

test.describe("an admin who chose the cards", () => {
  test.use({
    seed: {
      inquiries: seed,
      async prepare(database) {
        const [ada] = await database.db
          .select({ id: user.id })
          .from(user)
          .where(eq(user.email, INBOX_ACCOUNTS.admin.email));
        await database.db.insert(workspacePreferences).values({ user_id: ada!.id, inbox_layout: "cards" });
        return async () => {};
      },
    },
  });

  test("keeps them; another admin still has the list", async ({ adminPage, signedInPage }) => {
    await adminPage.goto("/dashboard");
    await expect(adminPage.getByRole("article")).toHaveCount(3);
    const other = await signedInPage("otherAdmin");
    await other.goto("/dashboard");
    await expect(rows(other)).toHaveCount(3);
  });
});
