import type { Page } from "@playwright/test";
import { issueFormToken } from "../../app/lib/http/form-guard.server";
import { expect, test } from "./fixtures";
import { INBOX_FORM_SECRET, type NewInquiry } from "./inbox-setup";
import { INBOX_ACCOUNTS } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { mailsTo, waitForMail } from "./support/mailbox";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
/** A new address per run: the mail log outlives the test. */
const address = (label: string) => `${label}-${Date.now().toString(36)}@example.test`;

const seed = (): NewInquiry[] => [
  { name: "Genuine Lead", email: "genuine@example.test", message: "Hello", created_at: minutesAgo(10) },
  {
    name: "Spam Bot",
    email: "bot@example.test",
    message: "cheap gold",
    is_spam: true,
    created_at: minutesAgo(2),
  },
];
test.use({ seed: { inquiries: seed } });

/** The admins' notifications about the inquiry from `email` whose text says `phrase`. */
function noticesAbout(email: string, phrase: string): number {
  return mailsTo(INBOX_ACCOUNTS.admin.email).filter(
    (mail) => mail.text.includes(email) && mail.text.replace(/\s+/g, " ").includes(phrase),
  ).length;
}

function card(page: Page, name: string) {
  return page.getByRole("article", { name });
}

test("a too-fast inquiry is held, the admins are told, and Not spam lets it in and acknowledges it once", async ({
  adminPage: page,
  inbox,
}) => {
  const email = address("quick");
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: "Quick Typist",
    email,
    interest: "gold-buying",
    deal_size: "",
    message: "Autofilled and sent at once.",
    // Rendered a moment ago: faster than the minimum fill time.
    form_token: issueFormToken(INBOX_FORM_SECRET, "contact", Date.now()),
  })) {
    form.set(name, value);
  }
  const response = await fetch(`${inbox.url}/contact`, { method: "POST", body: form, redirect: "manual" });
  expect(response.status).toBe(303);

  // Subjects with a dash arrive MIME-encoded: the mails are told apart by their text.
  await expect.poll(() => noticesAbout(email, "is held for review")).toBe(1);
  expect(mailsTo(email)).toEqual([]);

  await page.goto("/dashboard");
  await expect(page.getByTestId("inbox-held")).toHaveText("1 held for review");
  await expect(page.getByTestId("inbox-spam")).toHaveText("1 spam");
  await expect(card(page, "Quick Typist")).toHaveCount(0);

  await page
    .getByRole("navigation", { name: "Inquiry status" })
    .getByRole("link", { name: "Held for review" })
    .click();
  await expect(page).toHaveURL(/status=held/);
  const quick = card(page, "Quick Typist");
  await expect(quick.getByText("Held for review", { exact: true })).toBeVisible();
  await expect(card(page, "Spam Bot")).toHaveCount(0);
  await quick.getByRole("button", { name: "Not Spam" }).click();
  await expect(quick).toHaveCount(0);
  await expect(page.getByTestId("inbox-held")).toHaveText("0 held for review");

  const acknowledgement = await waitForMail(email, /./);
  expect(acknowledgement.text).toMatch(/VM-[0-9A-F]{8}/);
  // The lead's own notification follows the release; by then the acknowledgement went out, once.
  await expect.poll(() => noticesAbout(email, "arrived through the contact form")).toBe(1);
  expect(mailsTo(email)).toHaveLength(1);

  await page.goto("/dashboard");
  await expect(card(page, "Quick Typist")).toBeVisible();
});

test.describe("with a held inquiry", () => {
  const heldEmail = address("held-nojs");
  test.use({
    seed: {
      inquiries: () => [
        ...seed(),
        {
          name: "Held Lead",
          email: heldEmail,
          message: "Typed quickly.",
          is_spam: true,
          held: true,
          created_at: minutesAgo(1),
        },
      ],
    },
  });

  test("Not spam works without JavaScript, and the spam view keeps to spam", async ({
    adminPageWithoutJs: page,
  }) => {
    await page.goto("/dashboard?status=spam");
    await expect(card(page, "Spam Bot")).toBeVisible();
    await expect(card(page, "Held Lead")).toHaveCount(0);

    await page.goto("/dashboard?status=held");
    await expect(page.getByTestId("inbox-held")).toHaveText("1 held for review");
    await card(page, "Held Lead").getByRole("button", { name: "Not Spam" }).click();
    await expect(page).toHaveURL(/status=held/);
    await expect(page.getByText("Moved back to the inbox")).toBeVisible();
    await expect(card(page, "Held Lead")).toHaveCount(0);
    await expect(page.getByTestId("inbox-held")).toHaveText("0 held for review");

    await page.goto("/dashboard");
    await expect(card(page, "Held Lead")).toBeVisible();
    expect((await waitForMail(heldEmail, /./)).text).toMatch(/VM-[0-9A-F]{8}/);
  });

  test("the held view's counts, tabs and cards have no WCAG 2.2 AA violations", async ({
    adminPage: page,
  }) => {
    // The admin fixture's sign-in and axe's pass over the inbox run long on a busy machine.
    test.setTimeout(90_000);
    await page.goto("/dashboard?status=held");
    await expect(card(page, "Held Lead").getByText("Held for review", { exact: true })).toBeVisible();
    // The parts this view adds or changes (the rest of the inbox is another spec's).
    const parts = [".inbox-head", 'nav[aria-label="Inquiry status"]', 'section[aria-label="Submissions"]'];
    expect(await axeViolations(page, { include: parts })).toEqual([]);
  });
});
