import type { Page } from "@playwright/test";
import { createReceivedMailFiler } from "../../app/lib/conversation/file-received-mail.server";
import type { ReceivedMail } from "../../app/lib/conversation/received-mail";
import { formatInquiryReference } from "../../app/lib/inbox/inquiries.server";
import { expect, test } from "./fixtures";
import type { InboxServer } from "./inbox-setup";

/**
 * The conversation comes back: a lead's answer, filed while the lead page
 * is open (as the mailbox fetcher files it, in a transaction on the
 * server's database), appears without a reload, and the lead, answered a
 * day and more ago, awaits a reply again with its 24-hour clock counted
 * from the new message.
 */
const ID = "2b7e4c1a-9d3f-4e8b-8a6c-5f1e0d9c7b3a";
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
  },
});

/** Files one mail into the running server's database, as the fetcher would. */
async function fileMail(inbox: InboxServer, mail: ReceivedMail) {
  const fileReceivedMail = createReceivedMailFiler({
    dataDir: inbox.env.DATA_DIR!,
    ownAddresses: [],
    acknowledge: true,
    adminEmails: [],
    siteUrl: inbox.url,
  });
  await inbox.write((database) => database.db.transaction((tx) => fileReceivedMail(tx, mail)));
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

test("a lead's answer appears live on the open lead page, and the lead awaits a reply again from that message", async ({
  inbox,
  adminPage: page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`/dashboard/inquiries/${ID}`);
  await waitForLive(page);
  await expect(page.getByTestId("last-message-by")).toHaveText("Last message: ours");
  await expect(page.getByTestId("awaiting-reply")).toHaveCount(0);

  const before = Date.now();
  await fileMail(inbox, {
    mailbox: "imap://deals@imap.example.test/INBOX",
    messageId: `answer.${before}@buyer.test`,
    inReplyTo: null,
    references: [],
    from: { address: "rita@buyer.test", name: "Rita Reply" },
    to: ["deals@voltameridian.co.uk"],
    cc: [],
    subject: `Re: Your inquiry ${formatInquiryReference(ID)}`,
    text: "Yes, May suits us. <b>Please</b> send the contract.\n\nOn Monday, Desk wrote:\n> Is May fine?",
    date: new Date(before),
    headers: { "authentication-results": "mx.test; spf=pass; dkim=pass; dmarc=pass" },
    attachments: [],
    size: 800,
  });

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
