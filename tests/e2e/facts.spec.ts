import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The facts corrected under current law (docs/decisions/007), checked on the
 * rendered pages. The expected text is written out here, not imported from
 * app/content, so a wrong fact in the content cannot pass by agreeing with
 * itself.
 */

const LICENCE_ATTRIBUTION =
  "Ghana Prospecting Licence Ref. VM/GH-PL/2024-0417, held by Volta Meridian Ghana Limited (registered in Ghana, no. CS917402024), a subsidiary of Volta Meridian Partners Ltd";
const UK_COMPANY_HOLDS_NONE = "Volta Meridian Partners Ltd, the UK company, holds no Ghanaian mineral right.";
const RECONNAISSANCE_TERM = "Up to 12 months, renewable once for up to 12 months";
const MINERALS_COMMISSION = "https://www.mincom.gov.gh/";
const GOLDBOD = "https://goldbod.gov.gh/";

async function expectRegulatorLink(page: Page, href: string) {
  const link = page.getByRole("main").locator(`a[href="${href}"]`).first();
  await expect(link).toBeAttached();
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(link).toHaveAttribute("target", "_blank");
}

async function licenceCard(page: Page, title: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: title }) });
}

test("the footer attributes the Ghanaian licence to the Ghana subsidiary on every page", async ({ page }) => {
  for (const path of ["/", "/about", "/licensing", "/contact"]) {
    await page.goto(path);
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(LICENCE_ATTRIBUTION);
    await expect(footer).toContainText(UK_COMPANY_HOLDS_NONE);
    await expect(footer).toContainText("Registered in England and Wales, company no. 98765432");
    await expect(footer).not.toContainText("Ghana Mining Licence");
  }
});

test("About lists the licence with its holder and what it covers", async ({ page }) => {
  await page.goto("/about");
  const credentials = page.getByRole("main").locator("#story");
  await expect(credentials).toContainText(LICENCE_ATTRIBUTION);
  await expect(credentials).toContainText("it does not permit mining or the sale of gold");
  await expect(credentials).toContainText(UK_COMPANY_HOLDS_NONE);
});

test("the structured data names the subsidiary as the licence holder", async ({ page }) => {
  await page.goto("/");
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "");
  const { subOrganization, ...parent } = jsonLd;
  expect(parent.legalName).toBe("Volta Meridian Partners Ltd");
  expect(JSON.stringify(parent)).not.toContain("VM/GH-PL/2024-0417");
  expect(subOrganization.legalName).toBe("Volta Meridian Ghana Limited");
  expect(subOrganization.address.addressCountry).toBe("GH");
  const identifiers = subOrganization.identifier.map((entry: { value: string }) => entry.value);
  expect(identifiers).toEqual(["CS917402024", "VM/GH-PL/2024-0417"]);
});

for (const [path, title] of [
  ["/licensing", "Reconnaissance License"],
  ["/services/ghana-licensing", "Reconnaissance License"],
  ["/services/licensing-support", "Reconnaissance"],
] as const) {
  test(`${path} gives the reconnaissance licence 12 months, renewable once`, async ({ page }) => {
    await page.goto(path);
    const card = await licenceCard(page, title);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`Validity: ${RECONNAISSANCE_TERM}`);
    await expect(card).not.toContainText("3 years");
  });
}

test("the licensing guide names Act 1124 and links the regulators where it says to verify", async ({
  page,
}) => {
  await page.goto("/licensing");
  const frameworks = page.locator("#frameworks");
  await expect(
    frameworks.getByRole("heading", { level: 3, name: "Environmental Protection Act, 2025 (Act 1124)" }),
  ).toBeVisible();
  await expect(frameworks.getByRole("heading", { level: 3, name: /Act 490/ })).toHaveCount(0);
  await expect(frameworks).toContainText("replaced the Environmental Protection Agency Act, 1994 (Act 490)");
  await expectRegulatorLink(page, MINERALS_COMMISSION);
  await expectRegulatorLink(page, GOLDBOD);
  await expect(
    page.getByRole("complementary", { name: "Compliance warning" }).getByRole("link"),
  ).toHaveAttribute("href", MINERALS_COMMISSION);
});

test("KYC/AML claims no statutory reporting duty, only due diligence modelled on MLR 2017 and reports to the NCA", async ({
  page,
}) => {
  await page.goto("/services/kyc-aml");
  const main = page.getByRole("main");
  await expect(page.getByRole("complementary", { name: "Regulatory notice" })).toContainText(
    "We apply customer due diligence modelled on the UK Money Laundering Regulations 2017, and where we know or suspect money laundering or terrorist financing, we report it to the UK National Crime Agency.",
  );
  await expect(main).not.toContainText("legally required");
  await expect(main).not.toContainText("may prevent us from telling you");
  await expect(main).toContainText(
    "They report suspicious transactions to the Financial Intelligence Centre, which receives and analyses those reports.",
  );
  await expect(main).not.toContainText("overseen by the Financial Intelligence Centre");
  await expectRegulatorLink(page, MINERALS_COMMISSION);
  await expectRegulatorLink(page, GOLDBOD);
});

test("the terms report suspicions without claiming a legal duty and link the regulators", async ({
  page,
}) => {
  await page.goto("/terms");
  const main = page.getByRole("main");
  await expect(main.locator("#kyc-aml")).toContainText(
    "We apply customer due diligence modelled on the UK Money Laundering Regulations 2017 and report suspected money laundering or terrorist financing to the UK National Crime Agency.",
  );
  await expect(main).not.toContainText("required by law to report");
  await expectRegulatorLink(page, MINERALS_COMMISSION);
  await expectRegulatorLink(page, GOLDBOD);
});

test("the gold intermediary page states the GoldBod regime and calls an independent assay a commercial check", async ({
  page,
}) => {
  await page.goto("/services/gold-intermediary");
  const main = page.getByRole("main");
  await expect(page.getByRole("complementary", { name: "How Ghana gold is legally traded" })).toContainText(
    "Since 1 May 2025, buyers and aggregators licensed by GoldBod buy gold from artisanal and small-scale miners and sell it to GoldBod. Foreign buyers may buy that gold only from GoldBod, which is its sole assayer and exporter.",
  );
  await expect(main.getByRole("heading", { name: "Assay and Refinery Reconciliation" })).toBeVisible();
  await expect(main).toContainText(
    "we arrange an independent assay by an accredited laboratory as a commercial check between them; it never replaces the assay, grading and valuation that GoldBod carries out under Act 1140",
  );
  await expect(main).not.toContainText("For large-scale production we arrange independent assay");
  await expect(main).not.toContainText("Independent Assay Coordination");
  await expect(main).not.toContainText("sole legal buyer");
  await expectRegulatorLink(page, MINERALS_COMMISSION);
  await expectRegulatorLink(page, GOLDBOD);
});

test("the home page calls any independent assay a commercial check only", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main).toContainText(
    "Chain-of-custody documentation, GoldBod’s assay and refinery reconciliation, with any independent assay only as a commercial check",
  );
  await expect(main).not.toContainText("independent assay for large-scale production");
  await expect(main).not.toContainText("Independent assay and chain-of-custody documentation");
});

test("the FAQs state the GoldBod regime, link the regulators and explain GMT in summer", async ({ page }) => {
  await page.goto("/faqs");
  const main = page.getByRole("main");
  await expect(main).toContainText(
    "Foreign buyers may buy that gold only from GoldBod, which is its sole assayer.",
  );
  await expect(main).toContainText("For artisanal and small-scale gold, GoldBod is the sole assayer");
  await expect(main).not.toContainText("sole legal buyer");
  const licenceFaq = main
    .locator("details")
    .filter({ hasText: "How can I check that a Ghanaian licence is genuine?" });
  await expect(licenceFaq.locator(`a[href="${MINERALS_COMMISSION}"]`)).toHaveAttribute(
    "rel",
    "noopener noreferrer",
  );
  await expect(licenceFaq.locator(`a[href="${GOLDBOD}"]`)).toHaveAttribute("rel", "noopener noreferrer");
  await expect(main).toContainText("10:00–19:00 UK time (Mon-Fri)");
});

test("the contact page says what GMT all year means during British Summer Time", async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main.getByText("9:00 – 18:00 GMT")).toBeVisible();
  await expect(main).toContainText(
    "Our hours are GMT all year: during British Summer Time (late March to late October) that is 10:00–19:00 UK time (Mon-Fri) and 11:00–17:00 UK time (Sat).",
  );
});

test("consultation services are not named as investment advice", async ({ page }) => {
  await page.goto("/services/consultation");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Market Entry & Regulatory Orientation" })).toBeVisible();
  await expect(main).toContainText("Regulatory and operating risk briefings");
  await expect(main).not.toContainText("Investment Strategy");
  await expect(main).not.toContainText("Investment risk and opportunity assessment");
  await expect(main).toContainText("None of them is financial, investment, legal or tax advice");
});

test("equipment rental makes no unconditional insurance promise", async ({ page }) => {
  await page.goto("/services/equipment-rental");
  const main = page.getByRole("main");
  await expect(main).toContainText(
    "Insurance against damage and theft is agreed in each rental agreement, which states who arranges it and what it covers",
  );
  await expect(main).not.toContainText("Equipment insured");
  await expect(main).not.toContainText("proper insurance");
});

test("recovery rates are given as depending on ore", async ({ page }) => {
  await page.goto("/equipment/gold-wash-plant-150tph");
  await expect(page.getByRole("main")).toContainText("Up to 95% of free gold, depending on ore");
  await page.goto("/equipment");
  await expect(page.getByRole("main")).toContainText("Up to 92% of free gold, depending on ore");
});

/* The trust round's word changes (docs/decisions/030 to 034). */

const OWNERSHIP =
  "The rental fleet is owned by Volta Meridian Ghana Limited, our Ghana subsidiary, which is the contracting party for every equipment rental and sale.";
const CEDIS = "Volta Meridian Ghana Limited quotes, invoices and takes payment in Ghana cedis";
const REGISTERED_OFFICE = "Registered office: Suite 4.02, 27 Cordwainer Row, London EC4M 9AF, United Kingdom";

test("the contact page promises one reply time and calls the checks our own", async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main).toContainText(
    "Messages received outside these hours are answered within 24 hours, not counting Sundays.",
  );
  await expect(main).not.toContainText("next business day");
  await expect(main).toContainText("to carry out the verification we apply to every transaction");
  await expect(main).not.toContainText("the verification the law requires");
  await expect(main.getByRole("heading", { name: "Registered office, London" })).toBeVisible();
});

test("the footer labels the registered office and shows no VAT number while none is set", async ({
  page,
}) => {
  for (const path of ["/", "/contact", "/terms"]) {
    await page.goto(path);
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(REGISTERED_OFFICE);
    await expect(footer).toContainText(
      "Volta Meridian Partners Ltd. Registered in England and Wales, company no. 98765432. " +
        REGISTERED_OFFICE,
    );
    await expect(footer).not.toContainText("VAT");
    await expect(footer).not.toContainText(
      "acts solely as an intermediary that introduces and coordinates verified parties to licensed gold transactions and mining equipment",
    );
    await expect(footer).toContainText(
      "Mining equipment is owned, rented and sold by Volta Meridian Ghana Limited, our Ghana subsidiary.",
    );
  }
});

for (const [path, title] of [
  ["/licensing", "Mining Lease"],
  ["/services/licensing-support", "Large Scale"],
] as const) {
  test(`${path} gives the mining lease one term, 30 years at most`, async ({ page }) => {
    await page.goto(path);
    const card = await licenceCard(page, title);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Validity: 30 years maximum, renewable");
    await expect(page.getByRole("main")).not.toContainText("5-30 years");
  });
}

test("the licensing guide, support page and FAQs give the same processing times", async ({ page }) => {
  const times =
    "From submission of a complete application to grant, small-scale licences typically take 6-12 months, mining leases 12-24 months and reconnaissance licences 3-6 months";
  await page.goto("/licensing");
  const process = page.locator("#process");
  await expect(process).toContainText(times);
  await expect(process).toContainText(
    "3-6 months (reconnaissance) to 12-24 months (mining lease), including grant",
  );
  await expect(process).not.toContainText("12-24 weeks");
  await page.goto("/faqs");
  await expect(page.getByRole("main")).toContainText(times);
  await page.goto("/services/licensing-support");
  const main = page.getByRole("main");
  for (const duration of ["6-12 months", "12-24 months", "3-6 months"])
    await expect(main).toContainText(duration);
});

test("the licensing guide sends the reader to check a licence's status and drops GIPC incentives", async ({
  page,
}) => {
  await page.goto("/licensing");
  const notice = page.getByRole("complementary", { name: "Check a licence’s current status" });
  await expect(notice).toContainText("check its current status with the Minerals Commission");
  await expect(notice).toContainText("granted from 7 December 2024");
  await expect(notice).toContainText("Mining in forest reserves is banned");
  await expect(notice).toContainText(
    "(L.I. 2462), which had allowed it in exceptional cases, were revoked in late 2025",
  );
  await expect(notice).not.toContainText("moved to revoke");
  await expect(notice).not.toContainText("holders may appeal");
  await expect(notice).toContainText("A reform of the Minerals and Mining Act for new grants is pending");
  await expect(notice.getByRole("link")).toHaveAttribute("href", MINERALS_COMMISSION);
  const frameworks = page.locator("#frameworks");
  await expect(frameworks).not.toContainText("Access to investment incentives");
  await expect(frameworks).toContainText(
    "since the Exemptions Act, 2022 (Act 1083), exemptions are granted only under that Act",
  );
});

for (const path of ["/services/equipment-rental", "/services/equipment-sales"]) {
  test(`${path} names the owner and contracting party, the currency and the excavator rules`, async ({
    page,
  }) => {
    await page.goto(path);
    const contract = page.getByRole("complementary", { name: "Who you contract with" });
    await expect(contract).toContainText(OWNERSHIP);
    await expect(contract).toContainText(CEDIS);
    await expect(contract).toContainText("Foreign Exchange Act, 2006 (Act 723)");
    const rules = page.getByRole("complementary", {
      name: "Excavators in Ghana: import permit, DVLA registration and tracking",
    });
    await expect(rules).toContainText("import permit");
    await expect(rules).toContainText("registered by the DVLA at the port of entry");
    await expect(rules).toContainText("(L.I. 2404)");
    await expect(rules.getByRole("link")).toHaveAttribute("href", MINERALS_COMMISSION);
  });
}

test("the catalogue and a machine's page state the currency, the owner and the excavator rules", async ({
  page,
}) => {
  for (const path of ["/equipment", "/equipment/gold-wash-plant-150tph"]) {
    await page.goto(path);
    const main = page.getByRole("main");
    await expect(main).toContainText(CEDIS);
    await expect(main).toContainText(OWNERSHIP);
    await expect(main).not.toContainText("Prices are in US dollars");
    await expect(
      page.getByRole("complementary", {
        name: "Excavators in Ghana: import permit, DVLA registration and tracking",
      }),
    ).toContainText("(L.I. 2404)");
  }
});

test("the terms name the contracting party for equipment and the registered office", async ({ page }) => {
  await page.goto("/terms");
  const main = page.getByRole("main");
  await expect(main.locator("#who-we-are")).toContainText(
    "with its registered office at Suite 4.02, 27 Cordwainer Row, London EC4M 9AF, United Kingdom",
  );
  await expect(main.locator("#our-role")).toContainText(OWNERSHIP);
  await expect(main.locator("#our-role")).toContainText(
    "Every rental and sale agreement is made with Volta Meridian Ghana Limited, not with Volta Meridian Partners Ltd.",
  );
  await expect(main.locator("#equipment-listings")).toContainText(CEDIS);
});

test("the privacy notice gives legal obligation for terrorist-financing reports, backup codes and complaint progress", async ({
  page,
}) => {
  await page.goto("/privacy");
  const main = page.getByRole("main");
  await expect(main.locator("#purposes-and-lawful-bases")).toContainText(
    "Reporting a belief or suspicion of terrorist financing to the police or the National Crime Agency — legal obligation: section 19 of the Terrorism Act 2000",
  );
  await expect(main.locator("#purposes-and-lawful-bases")).not.toContainText(
    "money laundering or terrorist financing to the National Crime Agency — legitimate interests",
  );
  await expect(main.locator("#controller")).toContainText("our registered office is at");
  await expect(main.locator("#cookies-and-security")).toContainText("a cookie named backup_codes_once");
  await expect(main.locator("#cookies-and-security")).toContainText(
    "one of the account’s single-use backup codes",
  );
  await expect(main.locator("#complaints")).toContainText(
    "keep you informed of our progress and tell you the outcome",
  );
});

/* The statements round (docs/decisions/072): the words say what the law and the code say. */

test("the privacy notice says nothing is stored on the device for the visit, and gives logs, backups and phone records a period", async ({
  page,
}) => {
  await page.goto("/privacy");
  const main = page.getByRole("main");
  await expect(main.locator("#cookies-and-security")).toContainText(
    "We store nothing on your device to note how you found us",
  );
  await expect(main.locator("#cookies-and-security")).not.toContainText("session storage, not in a cookie");
  await expect(main.locator("#data-we-collect")).not.toContainText("IP address, used only to");
  await expect(main.locator("#data-we-collect")).toContainText(
    "our servers log the request: your IP address",
  );
  const retention = main.locator("#retention");
  await expect(retention).toContainText(
    "Server logs: deleted in daily batches, each line at the latest 14 days",
  );
  await expect(retention).toContainText("on a schedule and before each upgrade of the website");
  await expect(retention).toContainText(
    "Copies of backups we keep away from the server, so that the website can be restored if the server is lost, follow the same rule",
  );
  await expect(retention).toContainText(
    "Records of phone calls, and of WhatsApp messages with you that are not kept on this website",
  );
  await expect(main.locator("#your-rights")).toContainText(
    "copies in our backups remain until those backups are deleted",
  );
  await expect(main.locator("#international-transfers")).not.toContainText("adequacy");
  await expect(main.locator("#international-transfers")).toContainText("meeting the data protection test");
});

test("the contact page links the privacy policy, asks for documents only on request and softens 'every inquiry is read'", async ({
  page,
}) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(main).toContainText(
    "Please do not send identity or other due diligence documents until our team asks for them",
  );
  await expect(main).not.toContainText("we will move to email");
  await expect(main).toContainText(
    "Every inquiry that passes our spam checks is read by a member of our team",
  );
  await expect(main).toContainText("we will respond within 24 hours, not counting Sundays");
});

test("the sign-up form links the privacy policy and /auth promises only what an account does", async ({
  page,
}) => {
  await page.goto("/auth?tab=signup");
  const form = page.getByRole("form", { name: "Sign Up" });
  await expect(form.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(page.locator('meta[name="description"]')).not.toHaveAttribute("content", /relationship/);
});

test("the terms let consumers in Scotland and Northern Ireland sue where they live", async ({ page }) => {
  await page.goto("/terms");
  const law = page.getByRole("main").locator("#law");
  await expect(law).not.toContainText("exclusive jurisdiction");
  await expect(law).toContainText(
    "If you are a consumer living in Scotland or Northern Ireland, you may also bring proceedings in the courts where you live",
  );
});

test("equipment is hired from a minimum period and delivered by the subsidiary; advice on it is not called independent", async ({
  page,
}) => {
  await page.goto("/services/equipment-rental");
  const main = page.getByRole("main");
  await expect(main).not.toContainText(/daily, weekly|Daily, weekly/);
  await expect(main).toContainText("Hire from one week (one month for wash plants), priced at daily rates");
  await expect(main).toContainText(
    "Volta Meridian Ghana Limited delivers a machine only to a site covered by a valid licence or permit",
  );
  await page.goto("/services/consultation");
  await expect(page.getByRole("main")).not.toContainText("Independent and Candid");
  await expect(page.getByRole("main")).toContainText("it is not independent advice");
});

test("client funds are stated in one wording; no MLRO; GoldBod's own KYC of its off-takers", async ({
  page,
}) => {
  for (const path of ["/services/gold-intermediary", "/terms", "/faqs"]) {
    await page.goto(path);
    await expect(page.getByRole("main")).toContainText("We do not hold client funds.");
    await expect(page.getByRole("main")).not.toContainText("client money");
  }
  for (const path of ["/about", "/services/kyc-aml"]) {
    await page.goto(path);
    await expect(page.getByRole("main")).not.toContainText("Money Laundering Reporting Officer");
    await expect(page.getByRole("main")).not.toContainText("MLRO");
  }
  await expect(page.getByRole("main")).toContainText(
    "GoldBod runs its own KYC and due diligence test, with the Bank of Ghana and the Financial Intelligence Centre",
  );
});

test("the structured data gives the opening hours with their offset", async ({ page }) => {
  await page.goto("/contact");
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "");
  expect(jsonLd.contactPoint[0].hoursAvailable[0]).toMatchObject({
    opens: "09:00:00+00:00",
    closes: "18:00:00+00:00",
  });
});
