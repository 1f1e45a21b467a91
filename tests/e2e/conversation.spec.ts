import type { Page } from "@playwright/test";
import { sentMessageIds } from "../../db/schema";
import { formatInquiryReference } from "../../app/lib/inquiries/inquiry";
import { expect, TEAM_MAILBOX, test } from "./support/team-mailbox";

/**
 * The conversation comes back: a lead's answer, delivered into the team
 * mailbox (a real Dovecot, by IMAP APPEND) while the lead page is open, is
 * fetched and filed by the server itself (IMAP_URL) and appears without a
 * reload; the lead, answered a day and more ago, awaits a reply again with
 * its 24-hour clock counted from the new message.
 */
const ID = "2b7e4c1a-9d3f-4e8b-8a6c-5f1e0d9c7b3a";
/** The Message-ID of the desk's earlier reply, which the lead's client answers. */
const DESK_REPLY_ID = "desk-reply.2b7e4c1a@site.test";
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

test.use({
  seed: {
    inquiries: () => [
      {
        id: ID,
        name: "Rita Reply",
        email: "rita@buyer.test",
        message: "Do you have 20 kg for May?",
        interest: "gold-buying",
        status: "contacted",
        created_at: hoursAgo(40),
        first_replied_at: hoursAgo(39),
      },
    ],
    prepare: async (database) => {
      await database.db
        .insert(sentMessageIds)
        .values({ message_id: DESK_REPLY_ID, inquiry_id: ID, kind: "reply", created_at: hoursAgo(39) });
      // The inquiry's rows go with it when the next test seeds.
      return async () => {};
    },
  },
});

/** The lead's answer as their mail client sends it: it answers the desk's reply (In-Reply-To). */
function leadsAnswer(sentAt: number): string {
  return [
    'From: "Rita Reply" <rita@buyer.test>',
    "To: deals@voltameridian.co.uk",
    // The client dropped the reference from the subject: the headers thread it.
    "Subject: Re: May",
    `Date: ${new Date(sentAt).toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <answer.${sentAt}@buyer.test>`,
    `In-Reply-To: <${DESK_REPLY_ID}>`,
    `References: <${DESK_REPLY_ID}>`,
    "Authentication-Results: mx.test; spf=pass smtp.mailfrom=buyer.test; dkim=pass; dmarc=pass",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Yes, May suits us. <b>Please</b> send the contract.",
    "",
    "On Monday, Desk wrote:",
    "> Is May fine?",
    "",
  ].join("\r\n");
}

/** React has hydrated the page (its event stream opens next); a marker tells a reload apart. */
async function waitForLive(page: Page) {
  await page.waitForFunction(() =>
    Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__reactFiber")),
  );
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}

test("a lead's answer delivered to the team mailbox appears live on the open lead page, and the lead awaits a reply again from that message", async ({
  teamMailbox,
  adminPage: page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`/dashboard/inquiries/${ID}`);
  await waitForLive(page);
  await expect(page.getByTestId("last-message-by")).toHaveText("Last message: ours");
  await expect(page.getByTestId("awaiting-reply")).toHaveCount(0);

  const before = Date.now();
  await teamMailbox.append(TEAM_MAILBOX.user, TEAM_MAILBOX.folder, leadsAnswer(before));

  const message = page.getByTestId("received-message");
  await expect(message).toContainText("Yes, May suits us. <b>Please</b> send the contract.", {
    timeout: 30_000,
  });
  await expect(message.getByTestId("authentication")).toHaveText(/SPF pass.*DKIM pass.*DMARC pass/);
  // The quoted history is there, collapsed.
  await expect(message.getByText("> Is May fine?")).toBeHidden();
  await expect(page.getByTestId("last-message-by")).toHaveText("Last message: theirs");

  // Awaiting a reply again; the clock counts from this message, not from the inquiry 40 hours ago.
  const awaiting = page.getByTestId("awaiting-reply");
  await expect(awaiting).toBeVisible();
  await expect(page.getByTestId("reply-state")).toHaveCount(0);
  const due = /reply due by (.+ GMT)$/.exec((await awaiting.textContent()) ?? "")?.[1];
  const deadline = new Date(due!.replace(",", "")).getTime();
  // Shown to the minute: within a minute either side of 24 hours after the message was filed.
  expect(deadline).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 60_000);
  expect(deadline).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000 + 60_000);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The inbox lists it as awaiting, with their message last.
  await page.goto("/dashboard?status=awaiting");
  const card = page.getByRole("article", { name: "Rita Reply" });
  await expect(card).toContainText("Last: theirs");
});

test.describe("a closed lead that writes again", () => {
  const WON = "7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
  test.use({
    seed: {
      inquiries: () => [
        {
          id: WON,
          name: "Wale Won",
          email: "wale@buyer.test",
          message: "10 kg, as agreed.",
          interest: "gold-buying",
          status: "closed_won",
          status_changed_at: hoursAgo(30),
          created_at: hoursAgo(40),
          first_replied_at: hoursAgo(39),
        },
      ],
    },
  });

  test("is awaited again, its status kept, and shows in the awaiting view", async ({
    teamMailbox,
    adminPage: page,
  }) => {
    test.setTimeout(90_000);
    await page.goto(`/dashboard/inquiries/${WON}`);
    await waitForLive(page);
    await expect(page.getByTestId("awaiting-reply")).toHaveCount(0);

    const sentAt = Date.now();
    await teamMailbox.append(
      TEAM_MAILBOX.user,
      TEAM_MAILBOX.folder,
      [
        'From: "Wale Won" <wale@buyer.test>',
        "To: deals@voltameridian.co.uk",
        `Subject: Next shipment ${formatInquiryReference(WON)}`,
        `Date: ${new Date(sentAt).toUTCString().replace("GMT", "+0000")}`,
        `Message-ID: <next.${sentAt}@buyer.test>`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Can we do another 10 kg in July?",
        "",
      ].join("\r\n"),
    );

    await expect(page.getByTestId("received-message")).toContainText("another 10 kg in July", {
      timeout: 30_000,
    });
    await expect(page.getByTestId("awaiting-reply")).toBeVisible();
    // The outcome stays: the conversation reopened, not the deal.
    await expect(page.locator("main header").getByText("Closed – won")).toBeVisible();
    await page.goto("/dashboard?status=awaiting");
    await expect(page.getByRole("article", { name: "Wale Won" })).toContainText("Last: theirs");
  });
});
