import type { Page } from "@playwright/test";
import {
  messagesDelivery,
  postDelivery,
  startFakeGraphApi,
  statusDelivery,
  textMessage,
  whatsAppTestEnv,
} from "../support/whatsapp-meta";
import { expect, startWorkerInboxServer, test as base } from "./fixtures";
import type { InboxServer } from "./inbox-setup";

/**
 * WhatsApp at the desk, end to end: Meta's signed deliveries reach the
 * worker's server (its channel on, the Graph API a fake on loopback), and
 * what the desk shows is read in Chromium.
 */
type FakeGraph = Awaited<ReturnType<typeof startFakeGraphApi>>;

const test = base.extend<object, { graph: FakeGraph; inboxServer: InboxServer }>({
  graph: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter.
    async ({}, provide) => {
      const graph = await startFakeGraphApi();
      await provide(graph);
      await graph.close();
    },
    { scope: "worker" },
  ],
  inboxServer: [
    async ({ graph }, provide) => {
      // The visitor of the last test fills the contact form at machine speed.
      const server = await startWorkerInboxServer({
        ...whatsAppTestEnv(graph.url),
        CONTACT_MIN_FILL_SECONDS: "0",
      });
      await provide(server);
      await server.stop();
    },
    // Migrations, password hashing and a server start, on cores other runs share.
    { scope: "worker", timeout: 240_000 },
  ],
});

// Each test restarts the embedded database's server to seed it, and waits on the job queue.
test.describe.configure({ timeout: 180_000 });

// The compact list shows each lead's reference beside its name.
test.use({ inboxLayout: "list" });

const webhookUrl = (server: InboxServer) => `${server.url}/webhooks/whatsapp`;
const leadRow = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

/** Meta delivers one text message from `from`; the webhook answers 200 once it is stored. */
async function deliver(server: InboxServer, from: string, name: string, wamid: string, text: string) {
  const response = await postDelivery(
    webhookUrl(server),
    messagesDelivery({ waId: from, name }, [textMessage(wamid, from, text)]),
  );
  expect(response.status).toBe(200);
}

/** Marks the page so a reload (which would clear it) shows. */
async function markNotReloaded(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

test("a message from a new number appears live on the open desk as a new lead, with its reference and the WhatsApp flag", async ({
  adminPage,
  inbox,
  graph,
}) => {
  await adminPage.goto("/dashboard");
  await markNotReloaded(adminPage);
  await deliver(
    inbox,
    "233244000101",
    "Kwame Asante",
    "wamid.E2E-NEW-1",
    "I have 5 kg of gold dust to sell.",
  );

  const row = leadRow(adminPage, "Kwame Asante");
  await expect(row).toBeVisible();
  await expect(row.getByTestId("channel-flag")).toHaveText("WhatsApp");
  const reference = (await row.getByRole("cell").nth(1).textContent())?.trim() ?? "";
  expect(reference).toMatch(/^VM-[0-9A-F]{8}$/);
  expect(await notReloaded(adminPage)).toBe(true);

  // The sender is told the same reference on WhatsApp.
  await expect
    .poll(() =>
      graph.calls.some(
        (call) => call.body.to === "233244000101" && JSON.stringify(call.body.text ?? {}).includes(reference),
      ),
    )
    .toBe(true);

  await row.getByRole("link", { name: "Kwame Asante" }).click();
  const message = adminPage.getByTestId("whatsapp-message").filter({ hasText: "5 kg of gold dust" });
  await expect(message.getByTestId("channel")).toHaveText("WhatsApp");
  await expect(adminPage.getByRole("main")).toContainText(reference);
});

test("an admin's reply on WhatsApp shows delivered, then read, as Meta's status webhooks arrive", async ({
  adminPage,
  inbox,
  graph,
}) => {
  await deliver(inbox, "233244000202", "Efua Boateng", "wamid.E2E-REPLY-1", "Is the excavator free in May?");
  await adminPage.goto("/dashboard");
  await leadRow(adminPage, "Efua Boateng").getByRole("link", { name: "Efua Boateng" }).click();

  const replyBox = adminPage.getByRole("region", { name: "Reply on WhatsApp" });
  await expect(replyBox.getByTestId("whatsapp-window")).toContainText("Free text can be sent until");
  const text = "Yes, the CAT 320 is free from 4 May. Shall I hold it for you?";
  await replyBox.getByLabel("Message").fill(text);
  await replyBox.getByRole("button", { name: "Send on WhatsApp" }).click();
  await expect(adminPage.getByRole("status").filter({ hasText: "Sent on WhatsApp" })).toBeVisible();

  // The queue hands the reply to the Graph API; Meta's id for it is what its statuses name.
  await expect
    .poll(() => graph.calls.find((call) => JSON.stringify(call.body).includes(text))?.wamid)
    .toBeTruthy();
  const wamid = graph.calls.find((call) => JSON.stringify(call.body).includes(text))!.wamid!;
  const state = adminPage
    .getByTestId("whatsapp-message")
    .filter({ hasText: text })
    .getByTestId("whatsapp-status");
  await expect(state).toHaveAttribute("data-status", "accepted");
  await markNotReloaded(adminPage);

  // Meta reports each step of the reply's way to the lead's phone; the open page follows.
  for (const [status, label] of [
    ["sent", "Sent"],
    ["delivered", "Delivered"],
    ["read", "Read"],
  ] as const) {
    const answer = await postDelivery(webhookUrl(inbox), statusDelivery(wamid, status, "233244000202"));
    expect(answer.status).toBe(200);
    await expect(state).toHaveAttribute("data-status", status);
    await expect(state).toContainText(label);
  }
  expect(await notReloaded(adminPage)).toBe(true);
});

test("a lead who sent the contact form with a WhatsApp number, then writes on WhatsApp from it, stays one lead", async ({
  browser,
  adminPage,
  inbox,
}) => {
  const visitor = await (await browser.newContext({ baseURL: inbox.url })).newPage();
  await visitor.goto("/contact");
  await visitor.getByLabel("Full Name").fill("Abena Owusu");
  await visitor.getByLabel("Email Address").fill("abena@owusu.test");
  await visitor.getByLabel("WhatsApp Number").fill("+233 24 555 0303");
  await visitor.getByLabel(/may contact me on WhatsApp about this inquiry/).check();
  await visitor.getByLabel("Area of Interest").selectOption("gold-selling");
  await visitor.getByLabel("Message").fill("About 20 kg of doré from Obuasi.");
  await visitor.getByRole("button", { name: "Send Inquiry" }).click();
  await expect(
    visitor.getByRole("region", { name: "We have your inquiry" }).getByTestId("inquiry-reference"),
  ).toHaveText(/^VM-[0-9A-F]{8}$/);
  await visitor.context().close();

  // WhatsApp gives the number as bare E.164 digits, and its own profile name.
  await deliver(
    inbox,
    "233245550303",
    "Abena O.",
    "wamid.E2E-FORM-1",
    "Hello, I sent the form this morning.",
  );

  await adminPage.goto("/dashboard");
  await expect(adminPage.getByRole("row").filter({ has: adminPage.getByRole("checkbox") })).toHaveCount(1);
  const row = leadRow(adminPage, "Abena Owusu");
  await expect(row.getByTestId("channel-flag")).toHaveCount(0);
  await row.getByRole("link", { name: "Abena Owusu" }).click();
  const message = adminPage
    .getByTestId("whatsapp-message")
    .filter({ hasText: "I sent the form this morning" });
  await expect(message).toBeVisible();
  await expect(message).toContainText("Abena O. (+233245550303)");
  await expect(adminPage.getByTestId("whatsapp-ambiguous")).toHaveCount(0);
});
