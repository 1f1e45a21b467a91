import fs from "node:fs";
import type { Page } from "@playwright/test";
import { company } from "../../app/content/company";
import { expect, type SignedInPage, test } from "./fixtures";
import { waitForHydration } from "./support/hydration";
import type { NewInquiry } from "./inbox-setup";
import { INBOX_ACCOUNTS } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { waitForMail } from "./support/mailbox";
import { openMoreFilters } from "./support/more-filters";

/**
 * The lead desk in the browser: the lead page's status, owner,
 * reply and "mark as replied" forms, its timeline, the card's desk line,
 * the owner and "awaiting reply" filters and the bulk actions, each form
 * with JavaScript and without.
 */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

const LEADS = {
  lena: { name: "Lena Lead", email: "lena@lead.test", created_at: hoursAgo(0.5) },
  nora: { name: "Nora Nojs", email: "nora@nojs.test", created_at: hoursAgo(2) },
  olga: { name: "Olga Overdue", email: "olga@overdue.test", created_at: hoursAgo(30) },
  dina: { name: "Dina Duesoon", email: "dina@duesoon.test", created_at: hoursAgo(21) },
  andy: {
    name: "Andy Answered",
    email: "andy@answered.test",
    created_at: hoursAgo(40),
    first_replied_at: hoursAgo(39),
  },
  bulk1: { name: "Bulk One", email: "bulk1@bulk.test", created_at: hoursAgo(1) },
  bulk2: { name: "Bulk Two", email: "bulk2@bulk.test", created_at: hoursAgo(1.5) },
} satisfies Record<string, Omit<NewInquiry, "message">>;

const SEED: NewInquiry[] = Object.values(LEADS).map((lead) => ({
  interest: "gold-buying",
  message: `A message from ${lead.name}.`,
  ...lead,
}));

/** Ada Admin is signed in; Stan Stale is another admin (seeded for the authorization roles). */
const OTHER_ADMIN = INBOX_ACCOUNTS.adminStaleSession;

// Each test starts from these leads, whatever another test changed.
test.use({ seed: { inquiries: () => SEED } });

async function adminPage(signedInPage: SignedInPage, javaScriptEnabled: boolean) {
  const page = await signedInPage("admin", { javaScriptEnabled });
  return { context: page.context(), page };
}

const card = (page: Page, name: string) => page.getByRole("article", { name });

/** From the inbox, by the card's "Open lead" link. */
async function openInquiry(page: Page, name: string) {
  await page.goto("/dashboard");
  await card(page, name).getByRole("link", { name: "Open lead" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

const timeline = (page: Page) => page.getByTestId("timeline");
/** A success toast (role status) with this title. */
const toast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title });

/** The raw message the SMTP sink received for `to` whose subject contains `subject`. */
function rawMail(to: string, subject: string): string {
  const lines = fs.readFileSync(process.env.E2E_MAIL_LOG!, "utf8").split("\n").filter(Boolean);
  const found = lines
    .map((line) => JSON.parse(line) as { to: string[]; raw: string })
    .find((mail) => mail.to.includes(to) && mail.raw.includes(subject));
  if (!found) throw new Error(`no mail to ${to} with ${subject}`);
  return found.raw;
}

test("awaiting reply lists open unanswered inquiries, oldest first", async ({ signedInPage }) => {
  const { context, page } = await adminPage(signedInPage, false);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Awaiting reply" }).click();
  await expect(page).toHaveURL(/status=awaiting/);
  await expect(page.getByRole("article").locator("h2")).toHaveText([
    "Olga Overdue",
    "Dina Duesoon",
    "Nora Nojs",
    "Bulk Two",
    "Bulk One",
    "Lena Lead",
  ]);
  await context.close();
});

test("the inbox with its desk controls, the lead page and the bulk confirmation have no WCAG 2.2 AA violations", async ({
  signedInPage,
}) => {
  // axe runs three times, on a shared machine.
  test.setTimeout(90_000);
  const { context, page } = await adminPage(signedInPage, true);
  await page.goto("/dashboard");
  await openMoreFilters(page);
  await page.getByLabel(`Select ${LEADS.olga.name}`).check();
  // The desk's parts of the inbox (the cards' own markup is another spec's).
  const deskParts = [
    'section[aria-label="Reply times"]',
    'nav[aria-labelledby="inbox-owner-label"]',
    'form[aria-label="Bulk actions"]',
  ];
  expect(await axeViolations(page, { include: deskParts })).toEqual([]);
  await openInquiry(page, LEADS.lena.name);
  expect(await axeViolations(page)).toEqual([]);
  await page.goto("/dashboard");
  await page.getByLabel(`Select ${LEADS.lena.name}`).check();
  await page.getByLabel("Action", { exact: true }).selectOption("delete");
  await page.getByRole("button", { name: "Run bulk action" }).click();
  await expect(page.getByTestId("bulk-confirm")).toHaveText("Delete 1 inquiry? This cannot be undone.");
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});

test("setting the status: lost needs a reason, and the timeline records the change (with JavaScript)", async ({
  signedInPage,
}) => {
  const { context, page } = await adminPage(signedInPage, true);
  await openInquiry(page, LEADS.olga.name);
  await waitForHydration(page);
  await page.getByLabel("Lead status").selectOption("closed_lost");
  await page.getByRole("button", { name: "Set status" }).click();
  await expect(page.getByText("Say why the lead was lost.").first()).toBeVisible();
  await expect(timeline(page)).not.toContainText("Closed – lost");

  await page.getByLabel("Reason (if lost)").fill("Chose another broker");
  await page.getByRole("button", { name: "Set status" }).click();
  await expect(toast(page, "Status updated")).toBeVisible();
  await expect(timeline(page)).toContainText("Status New → Closed – lost (reason: Chose another broker)");
  await expect(timeline(page)).toContainText("Ada Admin");
  await context.close();
});

test("setting the status without JavaScript", async ({ signedInPage }) => {
  const { context, page } = await adminPage(signedInPage, false);
  await openInquiry(page, LEADS.dina.name);
  await page.getByLabel("Lead status").selectOption("closed_lost");
  await page.getByRole("button", { name: "Set status" }).click();
  await expect(page.getByText("Say why the lead was lost.").first()).toBeVisible();
  // The page drawn after the refusal shows the status that was chosen, not the stored one.
  await expect(page.getByLabel("Lead status")).toHaveValue("closed_lost");
  await page.getByLabel("Lead status").selectOption("qualified");
  await page.getByRole("button", { name: "Set status" }).click();
  await expect(toast(page, "Status updated")).toBeVisible();
  await expect(timeline(page)).toContainText("Status New → Qualified");
  await context.close();
});

test("assigning mails the assignee (with JavaScript), taking needs no mail (without)", async ({
  signedInPage,
}) => {
  const withJs = await adminPage(signedInPage, true);
  await openInquiry(withJs.page, LEADS.olga.name);
  await waitForHydration(withJs.page);
  await withJs.page.getByLabel("Assign to").selectOption({ label: OTHER_ADMIN.name });
  await withJs.page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(withJs.page.getByTestId("owner")).toHaveText(`Owner: ${OTHER_ADMIN.name}`);
  await expect(timeline(withJs.page)).toContainText(`Assigned to ${OTHER_ADMIN.name}`);
  const mail = await waitForMail(OTHER_ADMIN.email, /^Inquiry VM-[0-9A-F]{8} is now yours$/);
  expect(mail.text).toContain("/dashboard?inquiry=");
  await withJs.context.close();

  const noJs = await adminPage(signedInPage, false);
  await openInquiry(noJs.page, LEADS.dina.name);
  await noJs.page.getByRole("button", { name: "Take it" }).click();
  await expect(noJs.page.getByTestId("owner")).toHaveText("Owner: Ada Admin");
  await expect(noJs.page.getByRole("button", { name: "Take it" })).toHaveCount(0);
  await expect(timeline(noJs.page)).toContainText("Assigned to Ada Admin");
  await noJs.context.close();
});

test.describe("after Ada took Dina's lead and gave Olga's to Stan", () => {
  test.use({
    seed: {
      inquiries: ({ accountIds }) =>
        SEED.map((lead) =>
          lead.name === LEADS.dina.name
            ? { ...lead, assigned_to: accountIds.admin, assigned_at: new Date() }
            : lead.name === LEADS.olga.name
              ? { ...lead, assigned_to: accountIds.adminStaleSession, assigned_at: new Date() }
              : lead,
        ),
    },
  });

  test("the owner filters: mine and unassigned", async ({ signedInPage }) => {
    const { context, page } = await adminPage(signedInPage, false);
    await page.goto("/dashboard");
    await openMoreFilters(page);
    await page.getByRole("navigation", { name: "Owner" }).getByRole("link", { name: "Mine" }).click();
    await expect(page).toHaveURL(/owner=mine/);
    await expect(page.getByRole("article").locator("h2")).toHaveText(["Dina Duesoon"]);
    await page.getByRole("navigation", { name: "Owner" }).getByRole("link", { name: "Unassigned" }).click();
    await expect(page).toHaveURL(/owner=unassigned/);
    await expect(card(page, LEADS.lena.name)).toBeVisible();
    await expect(card(page, LEADS.dina.name)).toHaveCount(0);
    await expect(card(page, LEADS.olga.name)).toHaveCount(0);
    await context.close();
  });
});

test("a reply from the lead page goes over SMTP with Reply-To the deals address (a gold lead) and moves new to contacted (with JavaScript)", async ({
  signedInPage,
}) => {
  const { context, page } = await adminPage(signedInPage, true);
  await openInquiry(page, LEADS.lena.name);
  await waitForHydration(page);
  const composer = page.getByRole("form", { name: "Reply composer" });
  const subject = await composer.getByLabel("Subject").inputValue();
  expect(subject).toMatch(/^Your inquiry VM-[0-9A-F]{8} – /);
  await expect(composer.getByLabel("Your reply")).toHaveValue(/^Dear Lena,/);

  // The draft holds a placeholder: refused, nothing sent.
  await composer.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Fill in or remove every [[…]] placeholder.").first()).toBeVisible();

  const body = (await composer.getByLabel("Your reply").inputValue()).replace(
    "[[Your reply]]",
    "We can meet on Tuesday.",
  );
  await composer.getByLabel("Your reply").fill(body);
  await composer.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(page, "Reply sent")).toBeVisible();
  await expect(page.getByLabel("Lead status")).toHaveValue("contacted");

  // The subject holds an en dash, so it arrives MIME-encoded: matched on the decoded text instead.
  const mail = await waitForMail(LEADS.lena.email, /./);
  expect(mail.text).toContain(subject.slice("Your inquiry ".length, "Your inquiry VM-12345678".length));
  expect(mail.text).toContain("We can meet on Tuesday.");
  const raw = rawMail(LEADS.lena.email, "Tuesday");
  expect(raw).toMatch(new RegExp(`^Reply-To: .*${company.emails.deals.address}`, "im"));

  await expect(timeline(page)).toContainText("Reply sent");
  await expect(timeline(page)).toContainText("Status New → Contacted on the first reply");
  // The job worker records the delivery; the page shows it on the next load.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId("delivery").first().textContent();
      },
      { timeout: 20_000 },
    )
    .toMatch(/^Delivered/);
  await expect(timeline(page)).toContainText("Reply delivered");
  await context.close();
});

test("a reply without JavaScript, from a template; its markup shows as text", async ({ signedInPage }) => {
  const { context, page } = await adminPage(signedInPage, false);
  await openInquiry(page, LEADS.nora.name);
  await page.getByLabel("Template", { exact: true }).selectOption({ label: "KYC document checklist" });
  await page.getByRole("button", { name: "Insert template" }).click();
  const composer = page.getByRole("form", { name: "Reply composer" });
  await expect(composer.getByLabel("Your reply")).toHaveValue(/due diligence/);

  const markup = "<b>not bold</b> <script>window.__pwned = 1</script>";
  await composer.getByLabel("Your reply").fill(`Dear Nora,\n\n${markup}`);
  await composer.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(page, "Reply sent")).toBeVisible();
  const reply = page.getByTestId("reply").first();
  await expect(reply).toContainText(markup);
  await expect(reply.locator("b, script")).toHaveCount(0);
  const mail = await waitForMail(LEADS.nora.email, /./);
  expect(mail.text).toContain(markup);
  await context.close();
});

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  const lead = javaScriptEnabled ? LEADS.bulk1 : LEADS.bulk2;
  test(`mark as replied records an outside reply and ends the wait (${js})`, async ({ signedInPage }) => {
    const { context, page } = await adminPage(signedInPage, javaScriptEnabled);
    await openInquiry(page, lead.name);
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByLabel("Replied by").selectOption("phone");
    await page.getByRole("button", { name: "Mark as replied" }).click();
    await expect(toast(page, "Marked as replied")).toBeVisible();
    // The channel shows its label, not the stored value.
    await expect(timeline(page)).toContainText("Marked as replied (Phone)");
    await expect(timeline(page)).toContainText("Status New → Contacted on the first reply");
    await page.goto("/dashboard?status=awaiting");
    await expect(card(page, lead.name)).toHaveCount(0);
    await context.close();
  });
}

test("bulk mark read on selected cards (without JavaScript) and on all matching (with)", async ({
  signedInPage,
}) => {
  const noJs = await adminPage(signedInPage, false);
  await noJs.page.goto("/dashboard?q=Bulk");
  for (const name of [LEADS.bulk1.name, LEADS.bulk2.name]) {
    await noJs.page.getByLabel(`Select ${name}`).check();
  }
  await noJs.page.getByLabel("Action", { exact: true }).selectOption("mark-read");
  await noJs.page.getByRole("button", { name: "Run bulk action" }).click();
  await expect(toast(noJs.page, "2 inquiries marked as read")).toBeVisible();
  await expect(noJs.page).toHaveURL(/\/dashboard\?q=Bulk$/);
  await expect(card(noJs.page, LEADS.bulk1.name)).not.toHaveAttribute("data-unread");
  await noJs.context.close();

  const withJs = await adminPage(signedInPage, true);
  await withJs.page.goto("/dashboard?q=Bulk");
  // The bar shows once a card is selected; then it offers the whole filter.
  await withJs.page.getByLabel(`Select ${LEADS.bulk1.name}`).check();
  await withJs.page.getByLabel("All 2 matching this filter").check();
  await withJs.page.getByLabel("Action", { exact: true }).selectOption("mark-unread");
  await withJs.page.getByRole("button", { name: "Run bulk action" }).click();
  await expect(toast(withJs.page, "2 inquiries marked as unread")).toBeVisible();
  await expect(card(withJs.page, LEADS.bulk2.name)).toHaveAttribute("data-unread", "true");
  await withJs.context.close();
});

test("bulk delete asks for confirmation with the count (with JavaScript, then without)", async ({
  signedInPage,
}) => {
  const withJs = await adminPage(signedInPage, true);
  await withJs.page.goto("/dashboard?q=Bulk");
  await withJs.page.getByLabel(`Select ${LEADS.bulk1.name}`).check();
  await withJs.page.getByLabel("Action", { exact: true }).selectOption("delete");
  await withJs.page.getByRole("button", { name: "Run bulk action" }).click();
  await expect(withJs.page.getByTestId("bulk-confirm")).toHaveText(
    "Delete 1 inquiry? This cannot be undone.",
  );
  await withJs.page.getByRole("button", { name: "Delete 1 inquiry" }).click();
  await expect(toast(withJs.page, "1 inquiry deleted")).toBeVisible();
  await expect(card(withJs.page, LEADS.bulk1.name)).toHaveCount(0);
  await expect(card(withJs.page, LEADS.bulk2.name)).toBeVisible();
  await withJs.context.close();

  const noJs = await adminPage(signedInPage, false);
  const askToDeleteAll = async () => {
    await noJs.page.goto("/dashboard?q=Bulk");
    await noJs.page.getByLabel(`Select ${LEADS.bulk2.name}`).check();
    await noJs.page.getByLabel("All 1 matching this filter").check();
    await noJs.page.getByLabel("Action", { exact: true }).selectOption("delete");
    await noJs.page.getByRole("button", { name: "Run bulk action" }).click();
    await expect(noJs.page.getByTestId("bulk-confirm")).toHaveText(
      "Delete 1 inquiry? This cannot be undone.",
    );
  };
  // Cancelling changes nothing.
  await askToDeleteAll();
  await noJs.page.getByRole("link", { name: "Cancel" }).click();
  await expect(card(noJs.page, LEADS.bulk2.name)).toBeVisible();

  await askToDeleteAll();
  await noJs.page.getByRole("button", { name: "Delete 1 inquiry" }).click();
  await expect(toast(noJs.page, "1 inquiry deleted")).toBeVisible();
  await expect(noJs.page.getByRole("article")).toHaveCount(0);
  await noJs.page.goto("/dashboard");
  await expect(card(noJs.page, LEADS.lena.name)).toBeVisible();
  await noJs.context.close();
});
