import type { Page } from "@playwright/test";
import { EICAR_PDF } from "../support/clamd";
import { expect, test } from "./fixtures";
import { signUpVerified } from "./support/accounts";
import { linkIn, waitForMail } from "./support/mailbox";

/**
 * The client's side of KYC, end to end: the desk asks, the client opens the mailed link without an account and
 * uploads, the scanner refuses EICAR, the admin reviews, the client sends again, and the lead shows "KYC complete";
 * then the client signs up with the lead's address and finds the inquiry under /account.
 */
const AMA = {
  id: "5a1e0000-0000-4000-8000-0000000000c1",
  name: "Ama Client",
  email: "ama@kyc-client.test",
  interest: "gold-buying",
  message: "I would like to buy gold.",
};
const LEAD = `/dashboard/inquiries/${AMA.id}`;

test.use({ seed: { inquiries: () => [AMA] } });

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

async function upload(page: Page, item: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const card = page.locator(`li[data-item="${item}"]`);
  await card.locator('input[type="file"]').setInputFiles(file);
  await card.getByRole("button", { name: "Upload" }).click();
}

async function review(page: Page, item: string, verdict: "Accept" | { reject: string }) {
  const card = page.locator(`li[data-kyc-item="${item}"]`);
  if (verdict === "Accept") {
    await card.getByRole("button", { name: "Accept" }).click();
  } else {
    await card.getByRole("textbox", { name: /^Reason for rejecting/ }).fill(verdict.reject);
    await card.getByRole("button", { name: "Reject" }).click();
  }
}

test("the desk asks for KYC, the client uploads by the mailed link, EICAR is refused, the admin reviews, and the lead shows KYC complete", async ({
  adminPage,
  browser,
  inbox,
}) => {
  // Two people, three uploads, four reviews and the scans, on shared cores.
  test.setTimeout(180_000);
  await adminPage.goto(LEAD);
  await adminPage.getByLabel("Checklist").selectOption("individual-buyer");
  await adminPage.getByRole("button", { name: "Request KYC documents" }).click();
  await expect(adminPage.getByTestId("desk-state-identity")).toHaveText("Requested");

  const mail = await waitForMail(AMA.email, /identity checks/);
  const client = await (await browser.newContext({ baseURL: inbox.url })).newPage();
  await client.goto(linkIn(mail, "/client/open/"));
  await expect(client).toHaveURL(/\/client$/);
  await expect(client.getByRole("heading", { level: 1 })).toContainText("Your inquiry");

  await upload(client, "identity", { name: "passport.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(client.getByRole("status").filter({ hasText: "is being checked" })).toBeVisible();
  await upload(client, "address", { name: "bill.png", mimeType: "image/png", buffer: PNG });
  await expect(client.getByRole("status").filter({ hasText: "is being checked" })).toBeVisible();
  await expect(client.getByTestId("state-identity")).toHaveText("Being checked");
  await expect(client.getByTestId("state-address")).toHaveText("Being checked");

  await upload(client, "funds", { name: "statement.pdf", mimeType: "application/pdf", buffer: EICAR_PDF });
  await expect(client.getByRole("alert")).toContainText("our virus scanner found a threat in it");
  await expect(client.getByTestId("state-funds")).toHaveText("Requested");

  await adminPage.reload();
  await expect(adminPage.getByTestId("timeline")).toContainText("File refused: the virus scanner found");
  await review(adminPage, "identity", "Accept");
  await expect(adminPage.getByTestId("desk-state-identity")).toHaveText("Accepted");
  await review(adminPage, "address", { reject: "The bill is older than three months." });
  await expect(adminPage.getByTestId("desk-state-address")).toHaveText("Rejected");

  await client.reload();
  await expect(client.getByTestId("state-address")).toHaveText("Rejected");
  await expect(client.locator('li[data-item="address"]')).toContainText(
    "Reason: The bill is older than three months.",
  );
  await upload(client, "address", { name: "new-bill.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(client.getByTestId("state-address")).toHaveText("Being checked");
  await upload(client, "funds", { name: "statement.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(client.getByTestId("state-funds")).toHaveText("Being checked");

  await adminPage.reload();
  await review(adminPage, "address", "Accept");
  await expect(adminPage.getByTestId("desk-state-address")).toHaveText("Accepted");
  await review(adminPage, "funds", "Accept");
  await expect(adminPage.getByTestId("kyc-complete")).toContainText("KYC complete");

  await client.reload();
  await expect(
    client.getByRole("status").filter({ hasText: "Your identity checks are complete." }),
  ).toBeVisible();

  // The same client signs up with the lead's address and verifies it: the inquiry is theirs at /account.
  await signUpVerified(client, { name: AMA.name, email: AMA.email });
  await client.goto("/account");
  const yours = client.getByRole("list", { name: "Your inquiries" });
  await expect(yours.getByRole("listitem")).toHaveCount(1);
  await yours.getByRole("link").click();
  await expect(client).toHaveURL(new RegExp(`/account/inquiries/${AMA.id}$`));
  await expect(
    client.getByRole("status").filter({ hasText: "Your identity checks are complete." }),
  ).toBeVisible();
  await client.context().close();
});
