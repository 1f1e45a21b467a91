import fs from "node:fs";
import path from "node:path";
import {
  sanctionsCandidates,
  sanctionsDecisions,
  sanctionsEntries,
  sanctionsEntryNames,
  sanctionsListVersions,
  sanctionsMatchRecords,
  sanctionsScreenings,
} from "../../db/schema";
import { importSanctionsList } from "../../app/lib/sanctions/list-import.server";
import { screenInquiries } from "../../app/lib/sanctions/screening.server";
import { expect, test } from "./fixtures";
import type { Database, NewInquiry } from "./inbox-setup";

/**
 * A lead whose name is on the UK Sanctions List is flagged in the desk's list and on its page; the
 * admin records a confirmed match with a reason; the page then shows the decision, who took it, on
 * which version of the list, and what to do next.
 */
const MARIA = {
  id: "5a1e0000-0000-4000-8000-0000000000a1",
  name: "María Elena Castellanos Ruíz",
  email: "maria@example.test",
  interest: "gold-buying",
  message: "I would like to sell 12 kg of gold.",
};
const KWAME = {
  id: "5a1e0000-0000-4000-8000-0000000000a2",
  name: "Kwame Ofori",
  email: "kwame@example.test",
  interest: "equipment-rental",
  message: "An excavator for three months.",
};
const SEED: NewInquiry[] = [MARIA, KWAME];
const LIST = fs.readFileSync(path.resolve("tests/fixtures/sanctions/uk-sanctions-list.xml"));

async function screenSeeded(database: Database) {
  const { version } = await importSanctionsList(database.db, LIST, "file");
  await screenInquiries(database.db, [MARIA.id, KWAME.id], version.id, 0.7);
  return async (after: Database) => {
    for (const table of [
      sanctionsMatchRecords,
      sanctionsDecisions,
      sanctionsCandidates,
      sanctionsScreenings,
      sanctionsEntryNames,
    ]) {
      await after.db.delete(table);
    }
    await after.db.delete(sanctionsEntries);
    await after.db.delete(sanctionsListVersions);
  };
}

test.use({ seed: { inquiries: () => SEED, prepare: screenSeeded } });

test("a flagged lead is shown in the desk; an admin confirms the match and the lead page shows it with the list version", async ({
  adminPage: page,
}) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("article", { name: MARIA.name }).getByTestId("sanctions-flag")).toHaveText(
    "Sanctions: possible match",
  );
  await expect(page.getByRole("article", { name: KWAME.name }).getByTestId("sanctions-flag")).toHaveCount(0);

  await page.goto(`/dashboard/inquiries/${MARIA.id}`);
  await expect(page.getByTestId("sanctions-status")).toContainText("Possible match on the UK Sanctions List");
  await expect(page.getByTestId("sanctions-status")).toContainText("against the list published 2026-11-02");
  const candidate = page.getByTestId("sanctions-candidate");
  await expect(candidate).toContainText("MARIA ELENA CASTELLANOS RUIZ");
  await expect(candidate).toContainText("score 100%");
  await expect(candidate).toContainText("GHR9903");

  await candidate.getByLabel("Decision").selectOption("confirmed_match");
  await candidate.getByLabel("Reason").fill("Her passport shows the listed year of birth and nationality.");
  await candidate.getByRole("button", { name: "Record decision" }).click();

  await expect(
    page.getByRole("status").filter({ hasText: "Match confirmed: the lead is blocked" }),
  ).toBeVisible();
  await expect(page.getByTestId("sanctions-status")).toHaveAttribute("data-status", "blocked");
  await expect(page.getByTestId("sanctions-badge")).toHaveText("Blocked: sanctions match");
  const decision = page.getByTestId("sanctions-decision");
  await expect(decision).toContainText("Confirmed match by Ada Admin");
  await expect(decision).toContainText("on the list published 2026-11-02");
  await expect(decision).toContainText("Her passport shows the listed year of birth and nationality.");
  await expect(page.getByText("What to do next")).toBeVisible();
  await expect(page.getByRole("link", { name: "OFSI: reporting information to OFSI" })).toBeVisible();
  await expect(page.getByTestId("timeline")).toContainText(
    "UK Sanctions List entry GHR9903: confirmed match",
  );
});
