import type { Page } from "@playwright/test";
import { expect, type SignedInContext, test } from "./fixtures";
import type { NewInquiry } from "./inbox-setup";
import { openWithScriptsHeld } from "./support/held-scripts";

/**
 * Live: what one admin does at the desk reaches another
 * admin's open inbox and lead page without a reload, through the inbox's
 * event stream; a draft being typed survives, and a deletion shows as one.
 * Also bulk "assign to Nobody", with JavaScript and without.
 */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

const LEADS = {
  live: { name: "Lina Live", email: "lina@live.test", created_at: hoursAgo(1) },
  other: { name: "Otto Other", email: "otto@other.test", created_at: hoursAgo(2) },
  js1: { name: "Jay Hydrated", email: "jay@js.test", created_at: hoursAgo(3) },
  js2: { name: "Jill Hydrated", email: "jill@js.test", created_at: hoursAgo(4) },
  nojs1: { name: "Nat Plain", email: "nat@nojs.test", created_at: hoursAgo(5) },
  nojs2: { name: "Ned Plain", email: "ned@nojs.test", created_at: hoursAgo(6) },
} satisfies Record<string, Omit<NewInquiry, "message">>;

const SEED: NewInquiry[] = Object.values(LEADS).map((lead) => ({
  interest: "equipment-rental",
  message: `A message from ${lead.name}.`,
  ...lead,
}));

/** Ada Admin watches; Stan Stale (his session with a second factor) works the desk. */
const ADA = "Ada Admin";
const STAN = "Stan Stale";

// Each test starts from these leads, whatever another test changed.
test.use({ seed: { inquiries: () => SEED } });

async function adminContext(
  signedInContext: SignedInContext,
  who: "admin" | "otherAdmin",
  javaScriptEnabled: boolean,
) {
  return signedInContext(who, { javaScriptEnabled });
}

const card = (page: Page, name: string) => page.getByRole("article", { name });
const deskLine = (page: Page, name: string) =>
  card(page, name).locator("p", { has: page.getByRole("checkbox", { name: `Select ${name}` }) });
const toast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title });

/** React has hydrated the page and its event stream is open. */
async function waitForLive(page: Page) {
  await page.waitForFunction(() =>
    Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__reactFiber")),
  );
  // The stream opens after hydration; changes made before it is open are caught by its "open" refresh.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

async function leadPath(page: Page, name: string): Promise<string> {
  const href = await card(page, name).getByRole("link", { name: "Open lead" }).getAttribute("href");
  if (!href) throw new Error(`no lead link for ${name}`);
  return href;
}

test("another admin's changes reach the open inbox and lead page without a reload; the draft survives", async ({
  signedInContext,
}) => {
  test.setTimeout(90_000);
  const ada = await adminContext(signedInContext, "admin", true);
  const list = await ada.newPage();
  await list.goto("/dashboard");
  const path = await leadPath(list, LEADS.live.name);
  const lead = await ada.newPage();
  await lead.goto(path);
  await Promise.all([waitForLive(list), waitForLive(lead)]);
  const draft = "Dear Lina,\n\nHalf-written answer the live page must keep.";
  const composer = lead.getByRole("form", { name: "Reply composer" });
  await composer.getByLabel("Your reply").fill(draft);

  // Stan works without JavaScript: plain form posts, one at a time.
  const stan = await adminContext(signedInContext, "otherAdmin", false);
  const desk = await stan.newPage();

  await desk.goto(path);
  await desk.getByLabel("Lead status").selectOption("qualified");
  await desk.getByRole("button", { name: "Set status" }).click();
  await expect(toast(desk, "Status updated")).toBeVisible();
  await expect(lead.getByLabel("Lead status")).toHaveValue("qualified");
  await expect(lead.getByTestId("timeline")).toContainText(`Status New → Qualified`);
  // A live refresh is not an opening; the page still says what its opening did.
  await expect(lead.getByTestId("read-state")).toContainText("Marked as read when you opened it");
  await expect(deskLine(list, LEADS.live.name)).toContainText("Qualified");

  await desk.getByLabel("Assign to").selectOption({ label: ADA });
  await desk.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(toast(desk, "Owner updated")).toBeVisible();
  await expect(lead.getByTestId("owner")).toHaveText(`Owner: ${ADA}`);
  await expect(lead.getByRole("button", { name: "Take it" })).toHaveCount(0);
  await expect(deskLine(list, LEADS.live.name)).toContainText(ADA);

  const reply = desk.getByRole("form", { name: "Reply composer" });
  await reply.getByLabel("Your reply").fill("Dear Lina,\n\nThe excavator is free in May.");
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(desk, "Reply sent")).toBeVisible();
  const sent = lead.getByTestId("reply").filter({ hasText: "The excavator is free in May." });
  await expect(sent).toContainText(`by ${STAN}`);
  // The job worker's delivery is a change too.
  await expect(sent.getByTestId("delivery")).toHaveText(/^Delivered/, { timeout: 15_000 });
  await expect(lead.getByTestId("timeline")).toContainText("Reply delivered");
  await expect(composer.getByLabel("Your reply")).toHaveValue(draft);

  // Opening the lead marked it read; Stan's "Mark as Unread" reaches the open page, whose
  // live refresh is not an opening and does not read it again.
  await expect(lead.getByText("Unread", { exact: true })).toHaveCount(0);
  await desk.goto("/dashboard");
  await card(desk, LEADS.live.name).getByRole("button", { name: "Mark as Unread" }).click();
  await expect(lead.getByText("Unread", { exact: true })).toBeVisible();
  await card(desk, LEADS.live.name).getByRole("button", { name: "Mark as Read" }).click();
  await expect(lead.getByText("Unread", { exact: true })).toHaveCount(0);
  await expect(card(list, LEADS.live.name)).not.toHaveAttribute("data-unread");
  await expect(lead.getByTestId("timeline")).toContainText("Marked as read");

  await desk.goto("/dashboard");
  await card(desk, LEADS.live.name).getByRole("link", { name: "Add Notes" }).click();
  await card(desk, LEADS.live.name).getByLabel("Admin Notes").fill("Called Lina on Monday.");
  await card(desk, LEADS.live.name).getByRole("button", { name: "Save" }).click();
  await expect(card(list, LEADS.live.name)).toContainText("Called Lina on Monday.");
  await expect(lead.getByTestId("timeline")).toContainText("Notes edited");

  await desk.goto("/dashboard");
  await desk.getByLabel(`Select ${LEADS.live.name}`).check();
  await desk.getByLabel("Action", { exact: true }).selectOption("assign");
  await desk.getByLabel("Assignee").selectOption({ label: "Nobody" });
  await desk.getByRole("button", { name: "Run bulk action" }).click();
  await expect(toast(desk, "1 inquiry unassigned")).toBeVisible();
  await expect(lead.getByTestId("owner")).toHaveText("Owner: Unassigned");
  await expect(lead.getByTestId("timeline")).toContainText("Unassigned");
  await expect(deskLine(list, LEADS.live.name)).toContainText("Unassigned");

  await desk.getByLabel(`Select ${LEADS.live.name}`).check();
  await desk.getByLabel("Action", { exact: true }).selectOption("delete");
  await desk.getByRole("button", { name: "Run bulk action" }).click();
  await desk.getByRole("button", { name: "Delete 1 inquiry" }).click();
  await expect(toast(desk, "1 inquiry deleted")).toBeVisible();
  await expect(lead.getByRole("alert")).toContainText("This inquiry has been deleted.");
  await expect(composer.getByLabel("Your reply")).toHaveValue(draft);
  await expect(card(list, LEADS.live.name)).toHaveCount(0);
  await expect(card(list, LEADS.other.name)).toBeVisible();

  expect(await notReloaded(list)).toBe(true);
  expect(await notReloaded(lead)).toBe(true);
  await stan.close();
  await ada.close();
});

test("reply composer: a reply in the box when another admin's status change reaches the open page is kept as typed", async ({
  signedInContext,
}) => {
  test.setTimeout(90_000);
  const ada = await adminContext(signedInContext, "admin", true);
  const list = await ada.newPage();
  await list.goto("/dashboard");
  const path = await leadPath(list, LEADS.other.name);
  const lead = await ada.newPage();
  await lead.goto("/dashboard");
  const release = await openWithScriptsHeld(lead, path);
  const body = lead.getByRole("form", { name: "Reply composer" }).getByLabel("Your reply");
  const typed = "Dear Otto,\n\nTyped while the page was still loading.";
  await body.click();
  await lead.keyboard.press("ControlOrMeta+a");
  await body.pressSequentially(typed);

  // Stan's change is made before the page hydrates: it reaches the page with the stream's first refresh.
  const stan = await adminContext(signedInContext, "otherAdmin", false);
  const desk = await stan.newPage();
  await desk.goto(path);
  await desk.getByLabel("Lead status").selectOption("qualified");
  await desk.getByRole("button", { name: "Set status" }).click();
  await expect(toast(desk, "Status updated")).toBeVisible();

  await release();
  // The stream opens after hydration, and its first refresh brings the change.
  await expect(lead.getByLabel("Lead status")).toHaveValue("qualified", { timeout: 15_000 });
  await expect(body).toHaveValue(typed);

  // Typed after hydration, then another change arrives while the text is in the box.
  await body.press("End");
  await body.pressSequentially(" And more.");
  await desk.getByLabel("Lead status").selectOption("contacted");
  await desk.getByRole("button", { name: "Set status" }).click();
  await expect(toast(desk, "Status updated")).toBeVisible();
  await expect(lead.getByLabel("Lead status")).toHaveValue("contacted", { timeout: 15_000 });
  await expect(body).toHaveValue(`${typed} And more.`);
  await stan.close();
  await ada.close();
});

test("a deleted lead's page says so, with a 404 and without JavaScript", async ({ signedInContext }) => {
  const ada = await adminContext(signedInContext, "admin", false);
  const page = await ada.newPage();
  const response = await page.goto("/dashboard/inquiries/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText(/This inquiry has been deleted\./);
  await expect(page.getByRole("link", { name: "Back to the inbox" })).toBeVisible();
  await ada.close();
});

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  const [first, second] = javaScriptEnabled ? [LEADS.js1, LEADS.js2] : [LEADS.nojs1, LEADS.nojs2];
  const query = javaScriptEnabled ? "Hydrated" : "Plain";
  test(`bulk assign to Nobody clears the owner with a timeline entry each (${js})`, async ({
    signedInContext,
  }) => {
    const ada = await adminContext(signedInContext, "admin", javaScriptEnabled);
    const page = await ada.newPage();
    await page.goto(`/dashboard?q=${query}`);
    if (javaScriptEnabled) await waitForLive(page);
    // Owned first (by the whole filter, offered once a card is selected), then cleared.
    await page.getByLabel(`Select ${first.name}`).check();
    await page.getByLabel("All 2 matching this filter").check();
    await page.getByLabel("Action", { exact: true }).selectOption("assign");
    await page.getByLabel("Assignee").selectOption({ label: STAN });
    await page.getByRole("button", { name: "Run bulk action" }).click();
    await expect(toast(page, "2 inquiries assigned")).toBeVisible();
    await expect(deskLine(page, first.name)).toContainText(STAN);

    for (const name of [first.name, second.name]) {
      await page.getByLabel(`Select ${name}`).check();
    }
    await page.getByLabel("Action", { exact: true }).selectOption("assign");
    await page.getByLabel("Assignee").selectOption({ label: "Nobody" });
    await page.getByRole("button", { name: "Run bulk action" }).click();
    await expect(toast(page, "2 inquiries unassigned")).toBeVisible();
    for (const name of [first.name, second.name]) {
      await expect(deskLine(page, name)).toContainText("Unassigned");
    }
    await page.goto(await leadPath(page, second.name));
    await expect(page.getByTestId("timeline").locator('li[data-kind="unassigned"]')).toHaveCount(1);
    await expect(page.getByTestId("owner")).toHaveText("Owner: Unassigned");
    await ada.close();
  });
}
