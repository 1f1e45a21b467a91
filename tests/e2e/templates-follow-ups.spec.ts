import type { Page } from "@playwright/test";
import { findReplyTemplate } from "../../app/content/reply-templates";
import { toUkLocal } from "../../app/lib/uk-time";
import { expect, type SignedInPage, test } from "./fixtures";
import type { NewInquiry } from "./inbox-setup";
import { axeViolations } from "./support/axe";

/**
 * The team's reply templates (edited at /dashboard/templates, inserted into
 * a reply at the cursor with JavaScript and merged on the server without),
 * drafts that survive leaving the page, and follow-ups set and completed on
 * the lead page and listed at /dashboard/follow-ups.
 */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const LEADS = {
  tess: { name: "Tess Template", email: "tess@template.test", created_at: hoursAgo(1) },
  nate: { name: "Nate Nojs", email: "nate@nojs.test", created_at: hoursAgo(2) },
  fay: { name: "Fay Follow", email: "fay@follow.test", created_at: hoursAgo(3) },
} satisfies Record<string, Omit<NewInquiry, "message">>;

test.use({
  seed: {
    inquiries: () =>
      Object.values(LEADS).map((lead) => ({
        interest: "consultation",
        message: `From ${lead.name}.`,
        ...lead,
      })),
  },
});

const NOT_OFFERED = findReplyTemplate("not-offered")!;
const KYC = findReplyTemplate("kyc-checklist")!;

async function openPage(signedInPage: SignedInPage, javaScriptEnabled: boolean) {
  const page = await signedInPage("admin", { javaScriptEnabled });
  return page;
}

async function openInquiry(page: Page, name: string) {
  await page.goto("/dashboard");
  await page.getByRole("article", { name }).getByRole("link", { name: "Open lead" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

async function waitForHydration(page: Page) {
  await page.waitForFunction(() =>
    Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__reactFiber")),
  );
}

const toast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title });
const composer = (page: Page) => page.getByRole("form", { name: "Reply composer" });
const replyBody = (page: Page) => composer(page).getByLabel("Your reply");

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test(`templates are added, checked, edited and deleted at /dashboard/templates (${js})`, async ({
    signedInPage,
  }) => {
    const page = await openPage(signedInPage, javaScriptEnabled);
    const name = `Site visit ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
    await page.goto("/dashboard/templates");
    await expect(page.getByRole("link", { name: "KYC document checklist" })).toBeVisible();
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("link", { name: "New template" }).click();
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Text").fill("Dear {{nmae}}, we can visit the site. Quote {{reference}}.");
    await page.getByRole("button", { name: "Add template" }).click();
    // Refused with the reason at the field; what was typed stays.
    await expect(page.getByText("Unknown placeholder {{nmae}}.", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Text")).toHaveValue(
      "Dear {{nmae}}, we can visit the site. Quote {{reference}}.",
    );
    await page.getByLabel("Text").fill("Dear {{name}}, we can visit the site. Quote {{reference}}.");
    await page.getByRole("button", { name: "Add template" }).click();
    await expect(toast(page, "Template added")).toBeVisible();

    await page.getByRole("link", { name }).click();
    await page.getByLabel("Subject").fill("Site visit for {{reference}}");
    await page.getByRole("button", { name: "Save template" }).click();
    await expect(toast(page, "Template saved")).toBeVisible();
    await expect(page.getByRole("list", { name: "Templates" })).toContainText("Site visit for {{reference}}");

    await page.getByRole("link", { name }).click();
    await page.getByRole("button", { name: "Delete template" }).click();
    await expect(toast(page, "Template deleted")).toBeVisible();
    await expect(page.getByRole("link", { name })).toHaveCount(0);
  });
}

test("with JavaScript a template goes in at the cursor, and the draft saved as typed survives leaving the page", async ({
  signedInPage,
}) => {
  const page = await openPage(signedInPage, true);
  await openInquiry(page, LEADS.tess.name);
  await waitForHydration(page);
  const body = replyBody(page);
  await body.fill("Dear Tess,\n\nFirst line.\nSecond line.");
  await body.evaluate((element: HTMLTextAreaElement) => {
    const at = element.value.indexOf("Second");
    element.setSelectionRange(at, at);
  });
  await page.getByLabel("Template", { exact: true }).selectOption({ label: "Not something we do" });
  await page.getByRole("button", { name: "Insert template" }).click();
  const expected = `Dear Tess,\n\nFirst line.\n${NOT_OFFERED.body}Second line.`;
  await expect(body).toHaveValue(expected);
  // Still the same page: no reload threw the text away.
  await expect(page.getByTestId("draft-status")).toHaveText(/^Draft saved/);

  await page.getByRole("link", { name: "Back to the inbox" }).click();
  await openInquiry(page, LEADS.tess.name);
  await expect(replyBody(page)).toHaveValue(expected);
  await expect(page.getByTestId("draft-status")).toHaveText(/^Draft saved/);

  // Discarded, the composer starts again; so does the next visit.
  await waitForHydration(page);
  await composer(page).getByRole("button", { name: "Discard draft" }).click();
  await expect(toast(page, "Draft discarded")).toBeVisible();
  await expect(replyBody(page)).toHaveValue(/\[\[Your reply\]\]/);
  await page.reload();
  await expect(replyBody(page)).toHaveValue(/^Dear Tess,\n\n\[\[Your reply\]\]/);
});

test("reply composer: a template inserted soon after the page shows takes the [[Your reply]] placeholder's place", async ({
  signedInPage,
}) => {
  const page = await openPage(signedInPage, true);
  await openInquiry(page, LEADS.tess.name);
  await waitForHydration(page);
  const body = replyBody(page);
  const draft = await body.inputValue();
  expect(draft).toMatch(/^Dear Tess,\n\n\[\[Your reply\]\]\n\n/);
  // Nobody has been in the box: the template goes where the draft asks for the reply, not at its start.
  await page.getByLabel("Template", { exact: true }).selectOption({ label: KYC.label });
  await page.getByRole("button", { name: "Insert template" }).click();
  const expected = draft.replace("[[Your reply]]", KYC.body);
  await expect(body).toHaveValue(expected);
  await expect(page.getByTestId("draft-status")).toHaveText(/^Draft saved/);
  await page.reload();
  await expect(body).toHaveValue(expected);
});

test("with JavaScript, leaving right after typing (before the pause that saves) still keeps the draft", async ({
  signedInPage,
}) => {
  const page = await openPage(signedInPage, true);
  await openInquiry(page, LEADS.nate.name);
  await waitForHydration(page);
  await replyBody(page).fill("Dear Nate,\n\nTyped and left at once.");
  await page.getByRole("link", { name: "Back to the inbox" }).click();
  await expect(page.getByRole("article", { name: LEADS.nate.name })).toBeVisible();
  // The save sent on leaving may land just after the inbox shows: the lead page is opened until it has.
  await expect(async () => {
    await openInquiry(page, LEADS.nate.name);
    await expect(replyBody(page)).toHaveValue("Dear Nate,\n\nTyped and left at once.", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
});

test("without JavaScript the server merges the template into the posted draft, and Save draft keeps it", async ({
  signedInPage,
}) => {
  const page = await openPage(signedInPage, false);
  await openInquiry(page, LEADS.nate.name);
  const body = replyBody(page);
  const fresh = await body.inputValue();
  await body.fill(fresh.replace("[[Your reply]]", "Thank you, Nate.\n\n[[Your reply]]"));
  await page.getByLabel("Template", { exact: true }).selectOption({ label: "Not something we do" });
  await page.getByRole("button", { name: "Insert template" }).click();
  await expect(toast(page, "Template inserted")).toBeVisible();
  const merged = fresh.replace("[[Your reply]]", `Thank you, Nate.\n\n${NOT_OFFERED.body}`);
  await expect(replyBody(page)).toHaveValue(merged);

  await replyBody(page).fill(`${merged}\n\nP.S. typed after.`);
  await composer(page).getByRole("button", { name: "Save draft" }).click();
  await expect(toast(page, "Draft saved")).toBeVisible();
  await page.goto("/dashboard");
  await openInquiry(page, LEADS.nate.name);
  await expect(replyBody(page)).toHaveValue(`${merged}\n\nP.S. typed after.`);
});

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  test(`a follow-up is set in UK time, listed, moved and completed, each on the timeline (${js})`, async ({
    signedInPage,
  }) => {
    const page = await openPage(signedInPage, javaScriptEnabled);
    await openInquiry(page, LEADS.fay.name);
    if (javaScriptEnabled) await waitForHydration(page);
    const section = page.getByRole("region", { name: "Follow-up" });
    const overdueAt = toUkLocal(hoursAgo(1));
    await section.getByLabel("When (UK time)").fill(overdueAt);
    await section.getByLabel("Next step").fill("Call Fay back about the licence");
    await section.getByRole("button", { name: "Set follow-up" }).click();
    await expect(toast(page, "Follow-up set")).toBeVisible();
    await expect(page.getByTestId("follow-up")).toContainText("Call Fay back about the licence");
    await expect(page.getByTestId("follow-up")).toContainText("Overdue");
    await expect(page.getByTestId("timeline")).toContainText("Follow-up set for");
    await expect(page.getByTestId("timeline")).not.toContainText("Call Fay back");

    await page.goto("/dashboard/follow-ups");
    await expect(page.getByTestId("overdue-heading")).toContainText("Call Fay back about the licence");
    await page.getByRole("link", { name: /Fay Follow/ }).click();

    const later = toUkLocal(new Date(Date.now() + 3 * 24 * 3_600_000));
    await page.getByRole("region", { name: "Follow-up" }).getByLabel("When (UK time)").fill(later);
    await page.getByRole("button", { name: "Move follow-up" }).click();
    await expect(toast(page, "Follow-up moved")).toBeVisible();
    await expect(page.getByTestId("timeline")).toContainText("Follow-up moved from");
    await page.goto("/dashboard/follow-ups");
    await expect(page.getByTestId("upcoming-heading")).toContainText("Call Fay back about the licence");

    await page.getByRole("link", { name: /Fay Follow/ }).click();
    await page.getByRole("button", { name: "Mark follow-up done" }).click();
    await expect(toast(page, "Follow-up done")).toBeVisible();
    await expect(page.getByTestId("timeline")).toContainText("Follow-up done");
    await page.goto("/dashboard/follow-ups");
    await expect(page.getByText("Call Fay back about the licence")).toHaveCount(0);
  });
}

test("a follow-up without a time is refused with a clear error, and nothing changes", async ({
  signedInPage,
}) => {
  const page = await openPage(signedInPage, false);
  await openInquiry(page, LEADS.fay.name);
  // The browser would ask first; a request without the time (as a script could send) gets the server's answer.
  const section = page.getByRole("region", { name: "Follow-up" });
  await section
    .getByLabel("When (UK time)")
    .evaluate((input: HTMLInputElement) => input.removeAttribute("required"));
  await section.getByLabel("Next step").fill("Something");
  await section.getByRole("button", { name: "Set follow-up" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Choose a date and time." })).toBeVisible();
  await expect(page.getByText("No next step yet.")).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`axe finds nothing on the templates and follow-ups pages at ${width} px`, async ({ signedInPage }) => {
    // Several pages, each checked by axe: longer than the default on a loaded machine.
    test.setTimeout(90_000);
    const page = await signedInPage("admin", { viewport: { width, height: 900 } });
    await openInquiry(page, LEADS.fay.name);
    const section = page.getByRole("region", { name: "Follow-up" });
    await section.getByLabel("When (UK time)").fill(toUkLocal(hoursAgo(2)));
    await section.getByLabel("Next step").fill("Send the licence checklist");
    await section.getByRole("button", { name: "Set follow-up" }).click();
    await expect(toast(page, "Follow-up set")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    for (const path of ["/dashboard/templates", "/dashboard/follow-ups", "/dashboard/templates/new"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.goto("/dashboard/templates");
    await page.getByRole("link", { name: "KYC document checklist" }).click();
    expect(await axeViolations(page)).toEqual([]);
  });
}
