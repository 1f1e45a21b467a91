import { licenceChecks } from "../../db/schema";
import { expect, test } from "./fixtures";
import type { Database, NewInquiry } from "./inbox-setup";

/**
 * An admin records a licence check on the lead page: a refused one comes back with a message at each
 * wrong field and nothing recorded; a valid one is listed, with who checked, and the lead shows
 * "Licence verified".
 */
const YAW = {
  id: "5a1e0000-0000-4000-8000-0000000000b1",
  name: "Yaw Boateng",
  email: "yaw@example.test",
  interest: "gold-buying",
  message: "We are a licensed aggregator with 8 kg to sell.",
};
const SEED: NewInquiry[] = [YAW];

function clearChecks() {
  return Promise.resolve(async (after: Database) => {
    await after.db.delete(licenceChecks);
  });
}

test.use({ seed: { inquiries: () => SEED, prepare: clearChecks } });

test("a refused licence check shows each field's message; a valid one is listed and verifies the licence", async ({
  adminPage: page,
}) => {
  await page.goto(`/dashboard/inquiries/${YAW.id}`);
  await expect(page.getByTestId("licence-status")).toHaveText("No licence check recorded yet.");
  await expect(page.getByTestId("licence-badge")).toHaveCount(0);

  const form = page.getByRole("form", { name: "Record a licence check" });
  await form.getByLabel("Licence type").selectOption("goldbod-aggregator");
  await form.getByLabel("Register checked").selectOption("minerals-commission");
  await form.getByLabel("Licence number").fill("GB/AGG/0042");
  await form.getByLabel("Holder").fill("Boateng Gold Ltd");
  await form.getByLabel("Result").selectOption("valid");
  await form.getByRole("button", { name: "Record check" }).click();

  const refused = page.getByRole("form", { name: "Record a licence check" });
  await expect(page.getByText("Nothing was recorded: correct the fields marked below.")).toBeVisible();
  await expect(
    refused.getByText("checked with GoldBod (the Ghana Gold Board), through its Licence and Regulatory Unit"),
  ).toBeVisible();
  await expect(refused.getByText("Enter the expiry date the register gives")).toBeVisible();
  await expect(refused.getByLabel("Licence number")).toHaveValue("GB/AGG/0042");

  await refused.getByLabel("Register checked").selectOption("goldbod");
  await refused.getByLabel("Expiry date").fill("2099-03-31");
  await refused.getByRole("button", { name: "Record check" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Licence check recorded" })).toBeVisible();
  await expect(page.getByTestId("licence-badge")).toHaveText("Licence verified");
  const check = page.getByTestId("licence-check");
  await expect(check).toContainText(
    "GoldBod gold aggregator licence GB/AGG/0042, held by Boateng Gold Ltd: Valid",
  );
  await expect(check).toContainText("by Ada Admin");
});
