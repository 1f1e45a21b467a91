import type { Page } from "@playwright/test";
import { issueFormToken } from "../../app/lib/http/form-guard.server";
import { expect, test } from "./fixtures";
import { INBOX_FORM_SECRET, type NewInquiry } from "./inbox-setup";
import { openMoreFilters } from "./support/more-filters";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Made when each test starts, so the cards' ages are from then. */
const seed = (): NewInquiry[] => [
  {
    name: "Kwame Mensah",
    company: "Ashanti Minerals Ltd",
    email: "kwame@ashanti.test",
    phone: "+233 20 123 4567",
    whatsapp: "+233 (20) 123-4567",
    interest: "gold-selling",
    deal_size: "confidential",
    message: "First line\nSecond line\n\nFourth line",
    created_at: minutesAgo(5),
  },
  {
    name: "<script>window.__pwned = 1</script><b>Bold</b>",
    company: "<img src=x onerror=alert(1)>",
    email: "markup@example.test",
    phone: "<b>+44</b> 20 7946 0000",
    interest: "consultation",
    deal_size: "<em>huge</em>",
    message: "<i>not italic</i> & <a href='x'>link</a>",
    admin_notes: "<em>note markup</em>",
    created_at: minutesAgo(60 * 3),
  },
  {
    name: "Spam Bot",
    email: "bot@example.test",
    message: "cheap gold",
    is_spam: true,
    created_at: minutesAgo(1),
  },
];

// Each test starts from this inbox, whatever another test changed.
test.use({ seed: { inquiries: seed } });

function card(page: Page, name: string | RegExp) {
  return page.getByRole("article", { name });
}

test("shows the title and counts, the cards newest first, spam hidden", async ({ adminPage: page }) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByTestId("inbox-total")).toHaveText("2 total submissions");
  await expect(page.getByTestId("inbox-unread")).toHaveText("2 unread");
  await expect(page).toHaveTitle(/^\(2\) Admin Dashboard/);
  // The header's Dashboard link carries the unread count on every page.
  await page.goto("/about");
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Dashboard 2 unread" }).filter({ visible: true }),
  ).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(page.getByRole("article").first()).toHaveAccessibleName("Kwame Mensah");
  await expect(page.getByText("Spam Bot")).toHaveCount(0);

  // The card's details are app/routes/dashboard.test.tsx's; its message keeps its lines.
  const kwame = card(page, "Kwame Mensah");
  await expect(kwame.getByText("5 minutes ago")).toBeVisible();
  const message = kwame.getByText("First line");
  expect(await message.innerText()).toBe("First line\nSecond line\n\nFourth line");
  await expect(message).toHaveCSS("white-space", "pre-wrap");
  // Markup in a stored field stays text in the browser too.
  await expect(card(page, /Bold/).locator("b, i, em, img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test("with JavaScript: Mark as Read updates the card without a reload and names the reader", async ({
  adminPage: page,
}) => {
  await page.goto("/dashboard");
  await page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = 1));
  const kwame = card(page, "Kwame Mensah");
  await kwame.getByRole("button", { name: "Mark as Read" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked as read" })).toBeVisible();
  await expect(kwame.getByText("Unread", { exact: true })).toHaveCount(0);
  await expect(kwame).not.toHaveAttribute("data-unread");
  await expect(kwame.getByText(/Read by Ada Admin/)).toBeVisible();
  await expect(page.getByTestId("inbox-unread")).toHaveText("1 unread");
  await expect(page).toHaveTitle(/^\(1\) Admin Dashboard/);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);

  await kwame.getByRole("button", { name: "Mark as Unread" }).click();
  await expect(kwame.getByText("Unread", { exact: true })).toBeVisible();
  await expect(page.getByTestId("inbox-unread")).toHaveText("2 unread");
});

test("with JavaScript: notes add, cancel, edit and save, one card at a time", async ({ adminPage: page }) => {
  await page.goto("/dashboard");
  const kwame = card(page, "Kwame Mensah");
  await kwame.getByRole("link", { name: "Add Notes" }).click();
  const notes = kwame.getByRole("textbox", { name: "Admin Notes" });
  await notes.fill("Called <b>twice</b>\nNo answer");
  await kwame.getByRole("link", { name: "Cancel" }).click();
  await expect(notes).toHaveCount(0);
  await expect(kwame.getByText("No notes yet.")).toBeVisible();

  await kwame.getByRole("link", { name: "Add Notes" }).click();
  await card(page, /Bold/).getByRole("link", { name: "Edit Notes" }).click();
  await expect(page.getByRole("textbox", { name: "Admin Notes" })).toHaveCount(1);
  await expect(kwame.getByRole("textbox")).toHaveCount(0);

  await kwame.getByRole("link", { name: "Add Notes" }).click();
  await kwame.getByRole("textbox", { name: "Admin Notes" }).fill("Called <b>twice</b>\nNo answer");
  await kwame.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Notes saved" })).toBeVisible();
  await expect(kwame.getByRole("textbox")).toHaveCount(0);
  expect(await kwame.getByText("Called <b>twice</b>").innerText()).toBe("Called <b>twice</b>\nNo answer");
  await expect(kwame.getByText(/Notes last edited by Ada Admin/)).toBeVisible();

  await kwame.getByRole("link", { name: "Edit Notes" }).click();
  await expect(kwame.getByRole("textbox", { name: "Admin Notes" })).toHaveValue(
    "Called <b>twice</b>\nNo answer",
  );
});

test("filters and search live in the URL; spam can be viewed and restored", async ({ adminPage: page }) => {
  await page.goto("/dashboard");
  await page.getByLabel("Search").fill("ASHANTI");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=ASHANTI/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByTestId("inbox-total")).toHaveText("1 total submission");

  await page.goto("/dashboard?interest=consultation");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByLabel("Interest")).toHaveValue("consultation");

  await page.goto("/dashboard?dealSize=over-5m");
  await expect(page.getByText("No submissions match this view.")).toBeVisible();

  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Spam", exact: true }).click();
  await expect(page).toHaveURL(/status=spam/);
  const bot = card(page, "Spam Bot");
  await bot.getByRole("button", { name: "Not Spam" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Moved back to the inbox" })).toBeVisible();
  await expect(bot).toHaveCount(0);
  await page.getByRole("link", { name: "All (not spam)" }).click();
  await card(page, "Spam Bot").getByRole("button", { name: "Mark as Spam" }).click();
  await expect(card(page, "Spam Bot")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Marked as spam" })).toBeVisible();
});

test("exports the current view as CSV with a BOM and neutralised formulas", async ({ adminPage: page }) => {
  await page.goto("/dashboard?q=kwame");
  await openMoreFilters(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString("utf8");
  const lines = text.trimEnd().split("\r\n");
  expect(lines[0]?.startsWith("Received,Name,Company,Email,Phone,WhatsApp")).toBe(true);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain("Kwame Mensah,Ashanti Minerals Ltd,kwame@ashanti.test,'+233 20 123 4567");
});

test("a new inquiry appears without a reload (server-sent events)", async ({ adminPage: page, inbox }) => {
  await page.goto("/dashboard");
  await page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = 1));
  await expect(page.getByRole("article")).toHaveCount(2);
  // A visitor sends the contact form (its token says it was open for a while, as a person's would be).
  const form = new URLSearchParams({
    name: "Live Arrival",
    email: "live@example.test",
    interest: "equipment-rental",
    deal_size: "",
    message: "Just arrived",
    form_token: issueFormToken(INBOX_FORM_SECRET, "contact", Date.now() - 10_000),
  });
  const response = await fetch(`${inbox.url}/contact`, {
    method: "POST",
    body: form,
    redirect: "manual",
  });
  expect(response.status).toBeLessThan(400);
  await expect(card(page, "Live Arrival")).toBeVisible();
  await expect(page.getByRole("article").first()).toHaveAccessibleName("Live Arrival");
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
});

test.describe("with an inquiry that arrived live", () => {
  test.use({
    seed: {
      inquiries: () => [
        ...seed(),
        {
          name: "Live Arrival",
          email: "live@example.test",
          interest: "equipment-rental",
          message: "Just arrived",
        },
      ],
    },
  });

  test("with JavaScript: delete asks for confirmation in a modal dialog", async ({ adminPage: page }) => {
    await page.goto("/dashboard");
    const live = card(page, "Live Arrival");
    await live.getByRole("link", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this inquiry?" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(live).toBeVisible();

    await live.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete inquiry" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Inquiry deleted" })).toBeVisible();
    await expect(card(page, "Live Arrival")).toHaveCount(0);
    await page.reload();
    await expect(card(page, "Live Arrival")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  // Kwame's card carries notes, as an admin's earlier call left them.
  test.use({
    seed: {
      inquiries: () =>
        seed().map((inquiry) =>
          inquiry.name === "Kwame Mensah"
            ? { ...inquiry, admin_notes: "Called <b>twice</b>\nNo answer" }
            : inquiry,
        ),
    },
  });

  test("every action works as a plain form and returns to the same view", async ({
    adminPageWithoutJs: page,
  }) => {
    await page.goto("/dashboard?q=kwame");
    const kwame = card(page, "Kwame Mensah");
    await kwame.getByRole("button", { name: "Mark as Read" }).click();
    await expect(page).toHaveURL(/\/dashboard\?q=kwame$/);
    await expect(page.getByRole("status").filter({ hasText: "Marked as read" })).toBeVisible();
    await expect(kwame.getByText("Unread", { exact: true })).toHaveCount(0);

    await kwame.getByRole("link", { name: "Edit Notes" }).click();
    await expect(page).toHaveURL(/edit=/);
    await kwame.getByRole("textbox", { name: "Admin Notes" }).fill("Sent the KYC checklist");
    await kwame.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/dashboard\?q=kwame$/);
    await expect(page.getByRole("status").filter({ hasText: "Notes saved" })).toBeVisible();
    await expect(kwame.getByText("Sent the KYC checklist")).toBeVisible();

    await kwame.getByRole("button", { name: "Mark as Unread" }).click();
    await expect(kwame.getByText("Unread", { exact: true })).toBeVisible();
  });

  test("delete goes through a confirmation step", async ({ adminPageWithoutJs: page }) => {
    await page.goto("/dashboard?q=bot&status=spam");
    const bot = card(page, "Spam Bot");
    await bot.getByRole("link", { name: "Delete" }).click();
    await expect(page).toHaveURL(/delete=/);
    const dialog = page.getByRole("dialog", { name: "Delete this inquiry?" });
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await bot.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete inquiry" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Inquiry deleted" })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\?q=bot&status=spam$/);
    await expect(card(page, "Spam Bot")).toHaveCount(0);
  });

  test("an unknown inquiry or an invalid intent is refused with an error and changes nothing", async ({
    adminPageWithoutJs: page,
  }) => {
    const unknown = await page.request.post("/dashboard", {
      form: { intent: "mark-read", id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain("This inquiry no longer exists.");
    const invalid = await page.request.post("/dashboard", { form: { intent: "explode", id: "x" } });
    expect(invalid.status()).toBe(400);
    const tooLong = await page.request.post("/dashboard", {
      form: { intent: "save-notes", id: "00000000-0000-4000-8000-000000000000", notes: "x".repeat(5001) },
    });
    expect(tooLong.status()).toBe(400);
    expect(await tooLong.text()).toContain("Notes must be at most 5000 characters.");
  });
});
