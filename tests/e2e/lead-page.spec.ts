import type { Page } from "@playwright/test";
import { expect, type SignedInPage, test } from "./fixtures";
import type { NewInquiry } from "./inbox-setup";
import { axeViolations } from "./support/axe";
import { openWithScriptsHeld } from "./support/held-scripts";

/**
 * The lead page does everything the card does: read and unread (opening
 * marks it read, and says so), spam and not spam, delete after a
 * confirmation, notes whose every version stays on the timeline; each form
 * with JavaScript and without. Values show their labels.
 */
const KOFI = {
  id: "5a1e0000-0000-4000-8000-000000000001",
  name: "Kofi Caller",
  email: "kofi@caller.test",
  phone: "+44 (20) 7946-0000",
  whatsapp: "+233 24 123 4567",
  interest: "equipment-rental",
  deal_size: "500k-1m",
  message: "Please call me.",
};
const ESI = {
  id: "5a1e0000-0000-4000-8000-000000000002",
  name: "Esi Emailonly",
  email: "esi@emailonly.test",
  interest: "gold-buying",
  message: "Write to me.",
};
const SEED: NewInquiry[] = [KOFI, ESI];
const KOFI_PATH = `/dashboard/inquiries/${KOFI.id}`;
const ESI_PATH = `/dashboard/inquiries/${ESI.id}`;

test.use({ seed: { inquiries: () => SEED } });

const timeline = (page: Page) => page.getByTestId("timeline");
const readState = (page: Page) => page.getByTestId("read-state");
const toast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title });
const card = (page: Page, name: string) => page.getByRole("article", { name });

/** Opens a page and, with JavaScript, waits for React: a click before that would be a document request. */
async function visit(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  if (javaScriptEnabled) {
    await page.waitForFunction(() =>
      Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__reactFiber")),
    );
  }
}

async function leadPage(signedInPage: SignedInPage, javaScriptEnabled: boolean, path = KOFI_PATH) {
  const page = await signedInPage("admin", { javaScriptEnabled });
  await visit(page, path, javaScriptEnabled);
  return page;
}

// The page's own labels (contact lines, the reply channels) are app/routes/dashboard.inquiries.detail.test.tsx's.
test("a stored value shows its label on the timeline and the card", async ({ signedInPage }) => {
  const page = await leadPage(signedInPage, false);
  await page.getByLabel("Replied by").selectOption({ label: "WhatsApp" });
  await page.getByRole("button", { name: "Mark as replied" }).click();
  await expect(timeline(page)).toContainText("Marked as replied (WhatsApp)");
  await expect(timeline(page)).not.toContainText("(whatsapp)");
  await page.goto("/dashboard");
  await expect(card(page, KOFI.name)).toContainText("Equipment Rental");
  await page.context().close();
});

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test(`opening a lead marks it read and says so; "Mark as unread" keeps it unread (${js})`, async ({
    signedInPage,
  }) => {
    // Eight page loads on a shared machine.
    test.setTimeout(90_000);
    const page = await leadPage(signedInPage, javaScriptEnabled);
    await expect(readState(page)).toContainText("Marked as read when you opened it");
    await expect(timeline(page).locator('li[data-kind="read"]')).toContainText("Ada Admin");

    await readState(page).getByRole("button", { name: "Mark as unread" }).click();
    await expect(toast(page, "Marked as unread")).toBeVisible();
    await expect(readState(page)).toContainText("Not read yet");
    await expect(page.getByRole("button", { name: "Mark as read" })).toBeVisible();
    // A reload of this page does not read it again.
    await page.reload();
    await expect(readState(page)).toContainText("Not read yet");
    await page.goto("/dashboard");
    await expect(card(page, KOFI.name)).toContainText("Unread");

    await visit(page, KOFI_PATH, javaScriptEnabled);
    await expect(readState(page)).toContainText("Marked as read when you opened it");
    await readState(page).getByRole("button", { name: "Mark as unread" }).click();
    await expect(readState(page)).toContainText("Not read yet");
    await page.getByRole("button", { name: "Mark as read" }).click();
    await expect(toast(page, "Marked as read")).toBeVisible();
    await expect(readState(page)).toContainText("Read by Ada Admin");
    await expect(timeline(page).locator("li[data-kind]")).toHaveText([
      /^Marked as read/,
      /^Marked as unread/,
      /^Marked as read/,
      /^Marked as unread/,
      /^Marked as read/,
    ]);
    await page.context().close();
  });

  test(`spam and not spam from the lead page (${js})`, async ({ signedInPage }) => {
    const page = await leadPage(signedInPage, javaScriptEnabled);
    await page.getByRole("button", { name: "Mark as spam" }).click();
    await expect(toast(page, "Marked as spam")).toBeVisible();
    await expect(page.locator("header").getByText("Spam", { exact: true })).toBeVisible();
    await expect(timeline(page)).toContainText("Marked as spam");
    await page.goto("/dashboard");
    await expect(card(page, KOFI.name)).toHaveCount(0);

    await visit(page, KOFI_PATH, javaScriptEnabled);
    await page.getByRole("button", { name: "Not spam" }).click();
    await expect(toast(page, "Moved back to the inbox")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark as spam" })).toBeVisible();
    await expect(timeline(page)).toContainText("Moved back to the inbox");
    await page.goto("/dashboard");
    await expect(card(page, KOFI.name)).toBeVisible();
    await page.context().close();
  });

  test(`deleting asks first; cancelling keeps the lead, confirming erases it (${js})`, async ({
    signedInPage,
  }) => {
    const page = await leadPage(signedInPage, javaScriptEnabled);
    await page.getByRole("link", { name: "Delete…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this inquiry?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(KOFI.name);
    if (javaScriptEnabled) {
      // Modal: Escape cancels.
      await page.keyboard.press("Escape");
    } else {
      await dialog.getByRole("link", { name: "Cancel" }).click();
    }
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: KOFI.name })).toBeVisible();

    await page.getByRole("link", { name: "Delete…" }).click();
    await dialog.getByRole("button", { name: "Delete inquiry" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, "Inquiry deleted")).toBeVisible();
    await expect(card(page, KOFI.name)).toHaveCount(0);
    await expect(card(page, ESI.name)).toBeVisible();
    expect((await page.goto(KOFI_PATH))?.status()).toBe(404);
    await page.context().close();
  });

  test(`every version of the notes stays on the timeline with who and when (${js})`, async ({
    signedInPage,
  }) => {
    const page = await leadPage(signedInPage, javaScriptEnabled);
    const notes = page.getByRole("textbox", { name: "Admin Notes" });
    await notes.fill("Call back on Thursday.");
    await page.getByRole("button", { name: "Save notes" }).click();
    await expect(toast(page, "Notes saved")).toBeVisible();
    await expect(notes).toHaveValue("Call back on Thursday.");
    await notes.fill("Called: wants a quote by Monday.");
    await page.getByRole("button", { name: "Save notes" }).click();
    await expect(notes).toHaveValue("Called: wants a quote by Monday.");

    const edits = timeline(page).locator('li[data-kind="notes-edited"]');
    await expect(edits).toHaveCount(2);
    await expect(edits.nth(0)).toContainText("Call back on Thursday.");
    await expect(edits.nth(1)).toContainText("Called: wants a quote by Monday.");
    for (const edit of await edits.all()) {
      await expect(edit).toContainText(/Notes edited · Ada Admin · \d{1,2} \w{3} \d{4}, \d{2}:\d{2} GMT/);
    }
    await expect(page.getByText(/Last edited by Ada Admin/)).toBeVisible();
    await page.context().close();
  });
}

test("reply composer: a reply typed before the page hydrated is what the box holds, without the draft added after it", async ({
  signedInPage,
}) => {
  test.setTimeout(90_000);
  const page = await signedInPage("admin");
  await page.goto("/dashboard");
  const release = await openWithScriptsHeld(page, ESI_PATH);
  const body = page.getByRole("form", { name: "Reply composer" }).getByLabel("Your reply");
  await expect(body).toHaveValue(/^Dear Esi,\n\n\[\[Your reply\]\]/);
  const typed = "Dear Esi,\n\nTyped on a slow phone.";
  await body.click();
  await page.keyboard.press("ControlOrMeta+a");
  await body.pressSequentially(typed);
  await release();

  // Hydrated, the typed text is kept and saved as the draft, as if typed just now.
  await expect(page.getByTestId("draft-status")).toHaveText(/^Draft saved/);
  await expect(body).toHaveValue(typed);
  await page.reload();
  await expect(body).toHaveValue(typed);
  await page.context().close();
});

test("a delete posted without its confirmation erases nothing", async ({ signedInPage }) => {
  const page = await leadPage(signedInPage, false);
  // The confirmation's field removed, as a hand-made request would.
  await page.getByRole("link", { name: "Delete…" }).click();
  await page.locator('dialog input[name="confirm"]').evaluate((input) => input.remove());
  await page.getByRole("button", { name: "Delete inquiry" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Confirm the deletion first." })).toBeVisible();
  await page.goto(KOFI_PATH);
  await expect(page.getByRole("heading", { level: 1, name: KOFI.name })).toBeVisible();
  await page.context().close();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the lead page and its delete confirmation have no WCAG 2.2 AA violations at ${viewport.width} px`, async ({
    signedInPage,
  }) => {
    // axe runs twice over a long page, on a shared machine.
    test.setTimeout(90_000);
    const page = await leadPage(signedInPage, true);
    await page.setViewportSize(viewport);
    await page.getByRole("textbox", { name: "Admin Notes" }).fill("A first note.");
    await page.getByRole("button", { name: "Save notes" }).click();
    await expect(page.getByTestId("timeline").locator('li[data-kind="notes-edited"]')).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Delete…" }).click();
    await expect(page.getByRole("dialog", { name: "Delete this inquiry?" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
}
