import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { eq } from "drizzle-orm";
import { savedViews, user } from "../../db/schema";
import { INBOX_ACCOUNTS } from "./support/accounts";
import type { NewInquiry } from "./inbox-setup";
import { openMoreFilters } from "./support/more-filters";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

const seed = (): NewInquiry[] => [
  {
    name: "Kwame Mensah",
    email: "kwame@example.test",
    interest: "gold-selling",
    message: "Selling.",
    created_at: minutesAgo(3),
  },
  {
    name: "Ama Owusu",
    email: "ama@example.test",
    interest: "gold-buying",
    message: "Buying.",
    created_at: minutesAgo(2),
  },
  {
    name: "Efua Asante",
    email: "efua@example.test",
    interest: "gold-buying",
    deal_size: "over-5m",
    message: "Buying more.",
    created_at: minutesAgo(1),
  },
];

test.use({ seed: { inquiries: seed }, inboxLayout: null });

const rows = (page: Page) => page.getByRole("table", { name: "Submissions" }).locator("tbody tr");
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

for (const javaScriptEnabled of [false, true]) {
  const js = `JavaScript ${javaScriptEnabled ? "on" : "off"}`;

  test(`a refused bulk action says why on the inbox, the filter and the selection kept (${js})`, async ({
    signedInPage,
  }) => {
    const page = await signedInPage("admin", { javaScriptEnabled });
    await page.goto("/dashboard?interest=gold-buying&sort=deal");
    await expect(rows(page)).toHaveCount(2);
    const bulk = page.getByRole("form", { name: "Bulk actions" });
    // The reason, and the same boxes still ticked.
    await row(page, "Ama Owusu").getByRole("checkbox").check();
    await bulk.getByLabel("Action").selectOption("assign");
    await bulk.getByRole("button", { name: "Run bulk action" }).click();
    await expect(page.getByRole("alert")).toContainText("Choose an admin.");
    await expect(page).toHaveURL(/interest=gold-buying/);
    await expect(row(page, "Ama Owusu").getByRole("checkbox")).toBeChecked();
    await expect(row(page, "Efua Asante").getByRole("checkbox")).not.toBeChecked();
    // The kept selection feeds the bulk form as it is.
    await bulk.getByLabel("Action").selectOption("assign");
    await bulk.getByLabel("Assignee").selectOption({ label: "Ada Admin" });
    await bulk.getByRole("button", { name: "Run bulk action" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 inquiry assigned" })).toBeVisible();
    await expect(row(page, "Ama Owusu").getByRole("cell").nth(5)).toHaveText("Ada Admin");
    await expect(page).toHaveURL(/interest=gold-buying/);
  });

  test(`saved views: personal or shared, in the navigation with their counts (${js})`, async ({
    signedInPage,
  }) => {
    const page = await signedInPage("admin", { javaScriptEnabled });
    await page.goto("/dashboard?interest=gold-buying&sort=deal");
    const nav = page.getByRole("navigation", { name: "Workspace" });
    await expect(nav).toContainText("No saved views yet.");

    await page.getByText("Save this view").click();
    const form = page.getByRole("form", { name: "Save this view" });
    await form.getByLabel("Name").fill("Gold buyers");
    await form.getByLabel("Share with the team").check();
    await form.getByRole("button", { name: "Save view" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: 'Saved "Gold buyers" for the team' }),
    ).toBeVisible();
    const shared = nav.getByRole("link", { name: "Gold buyers (shared) 2 inquiries" });
    await expect(shared).toHaveAttribute("href", "/dashboard?interest=gold-buying&sort=deal");
    await expect(shared).toHaveAttribute("aria-current", "page");

    await page.goto("/dashboard");
    await openMoreFilters(page);
    await page.getByText("Save this view").click();
    await form.getByLabel("Name").fill("Everything");
    await form.getByRole("button", { name: "Save view" }).click();
    await expect(nav.getByRole("link", { name: "Everything 3 inquiries" })).toBeVisible();

    // A refused name keeps the admin on their view.
    await page.goto("/dashboard?status=unread");
    await openMoreFilters(page);
    await page.getByText("Save this view").click();
    await form.getByLabel("Name").evaluate((input: HTMLInputElement) => {
      input.removeAttribute("required");
      input.value = "   ";
    });
    await form.getByRole("button", { name: "Save view" }).click();
    await expect(page.getByRole("alert")).toContainText("Give the view a name.");
    await expect(page).toHaveURL(/\/dashboard\?status=unread$/);
  });
}

test.describe("views saved before", () => {
  test.use({
    seed: {
      inquiries: seed,
      async prepare(database) {
        const ownerOf = async (email: string) =>
          (await database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
        const ada = await ownerOf(INBOX_ACCOUNTS.admin.email);
        await database.db.insert(savedViews).values([
          { owner_id: ada, name: "Gold buyers", query: "interest=gold-buying&sort=deal", shared: true },
          { owner_id: ada, name: "Everything", query: "", shared: false },
        ]);
        return async () => {};
      },
    },
  });

  for (const javaScriptEnabled of [false, true]) {
    test(`another admin sees only the shared ones and deletes none; the owner deletes their own (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      signedInPage,
    }) => {
      const other = await signedInPage("otherAdmin", { javaScriptEnabled });
      await other.goto("/dashboard");
      const otherNav = other.getByRole("navigation", { name: "Workspace" });
      await expect(otherNav.getByRole("link", { name: "Gold buyers (shared) 2 inquiries" })).toBeVisible();
      await expect(otherNav.getByRole("link", { name: /Everything/ })).toHaveCount(0);
      await expect(otherNav.getByRole("button", { name: /Delete the view/ })).toHaveCount(0);

      const page = await signedInPage("admin", { javaScriptEnabled });
      await page.goto("/dashboard?status=unread");
      const nav = page.getByRole("navigation", { name: "Workspace" });
      await nav.getByRole("button", { name: "Delete the view Everything" }).click();
      await expect(page.getByRole("status").filter({ hasText: "View deleted" })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\?status=unread$/);
      await expect(nav.getByRole("link", { name: /Everything/ })).toHaveCount(0);
      await expect(nav.getByRole("link", { name: /Gold buyers/ })).toBeVisible();
    });
  }
});

test("the keyboard moves, selects, opens, replies, assigns, toggles read, searches and lists its keys", async ({
  adminPage: page,
}) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("button", { name: "Keyboard shortcuts" })).toBeVisible();
  const focusedName = () =>
    page.evaluate(() => document.activeElement?.closest("[data-row]")?.querySelector("th a")?.textContent);

  await page.keyboard.press("j");
  await expect.poll(focusedName).toBe("Efua Asante");
  await page.keyboard.press("j");
  await expect.poll(focusedName).toBe("Ama Owusu");
  await page.keyboard.press("k");
  await expect.poll(focusedName).toBe("Efua Asante");
  // With a modifier, a key is the browser's.
  await page.keyboard.press("Shift+J");
  await expect.poll(focusedName).toBe("Efua Asante");

  await page.keyboard.press("x");
  await expect(row(page, "Efua Asante").getByRole("checkbox")).toBeChecked();
  await page.keyboard.press("x");
  await expect(row(page, "Efua Asante").getByRole("checkbox")).not.toBeChecked();

  await page.keyboard.press("u");
  await expect(row(page, "Efua Asante")).not.toContainText("Unread");
  await expect(page.getByTestId("inbox-unread")).toHaveText("2 unread");
  await row(page, "Efua Asante").focus();
  await page.keyboard.press("u");
  await expect(row(page, "Efua Asante")).toContainText("Unread");

  await row(page, "Efua Asante").focus();
  await page.keyboard.press("a");
  await expect(row(page, "Efua Asante").getByRole("cell").nth(5)).toHaveText("Ada Admin");

  // "/" goes to the search, and typing there is typing.
  await page.keyboard.press("/");
  await expect(page.getByLabel("Search")).toBeFocused();
  await page.keyboard.type("jkx");
  await expect(page.getByLabel("Search")).toHaveValue("jkx");
  await expect(row(page, "Kwame Mensah").getByRole("checkbox")).not.toBeChecked();
  await page.getByLabel("Search").fill("");

  await page.locator("body").click({ position: { x: 1, y: 1 } });
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Assign the lead to me");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  for (const name of ["Efua Asante", "Ama Owusu", "Kwame Mensah"]) {
    await page.keyboard.press("j");
    await expect.poll(focusedName).toBe(name);
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/inquiries\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Kwame Mensah" })).toBeVisible();
  await page.goBack();
  await expect(rows(page)).toHaveCount(3);
  await page.keyboard.press("j");
  await page.keyboard.press("r");
  await expect(page).toHaveURL(/\/dashboard\/inquiries\/[0-9a-f-]{36}#reply-heading$/);
  await page.goBack();
  // Back is the router's own navigation: the list is there once its data has come.
  await expect(rows(page)).toHaveCount(3);
  await page.keyboard.press("j");
  await page.keyboard.press("o");
  await expect(page.getByRole("heading", { level: 1, name: "Efua Asante" })).toBeVisible();
});
