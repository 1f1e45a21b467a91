import {
  EQUIPMENT_TRADING,
  equipmentCurrencyStatement,
  equipmentOwnershipStatement,
  equipmentTerms,
} from "~/content/equipment-trading";
import { describe, expect, it } from "vitest";
import { aboutPage } from "~/content/about";
import { authPage, notFoundPage } from "~/content/account-pages";
import {
  AML_SUPERVISION,
  BUSINESS_HOURS,
  CLIENT_FUNDS_STATEMENT,
  DOCUMENTS_STATEMENT,
  FOOTER_SERVICES,
  GHANA_SUBSIDIARY,
  company,
  organizationStructuredData,
  tradingDisclosure,
} from "~/content/company";
import { contactPage } from "~/content/contact";
import { equipmentItems } from "~/content/equipment";
import { equipmentPage } from "~/content/equipment-page";
import {
  ACT_703_REFORM_NOTE,
  LICENCE_TERMS,
  PROCESSING_TIMES,
  processingTimesSentence,
} from "~/content/licensing-facts";
import { faqsPage } from "~/content/faqs";
import { homePage } from "~/content/home";
import { ICON_NAMES } from "~/content/icons";
import {
  DEAL_SIZE_LABELS,
  DEAL_SIZE_VALUES,
  INTEREST_LABELS,
  INTEREST_VALUES,
} from "~/content/inquiry-options";
import { footerBlurb, mainNavLinks } from "~/content/navigation";
import {
  antiFraudNotice,
  earthMovingEquipmentRulesNotice,
  equipmentContractNotice,
  goldBoardNotice,
  GOLDBOD_OFFTAKER_KYC,
  intermediaryNotice,
} from "~/content/notices";
import { PAGE_META } from "~/content/page-meta";
import { CANONICAL_PATH, ROUTE_PATHS, type RoutePath } from "~/content/route-paths";
import { privacyPage } from "~/content/privacy";
import { REPLY_TEMPLATES } from "~/content/reply-templates";
import { GOLDBOD_LINK, MINERALS_COMMISSION_LINK } from "~/content/regulators";
import { serviceCards, servicesPage } from "~/content/services";
import { consultationPage } from "~/content/services/consultation";
import { equipmentRentalPage } from "~/content/services/equipment-rental";
import { equipmentSalesPage } from "~/content/services/equipment-sales";
import { ghanaLicensingPage } from "~/content/services/ghana-licensing";
import { goldIntermediaryPage } from "~/content/services/gold-intermediary";
import { kycAmlPage } from "~/content/services/kyc-aml";
import { licensingSupportPage } from "~/content/services/licensing-support";
import { termsPage } from "~/content/terms";
import type { CtaLink } from "~/content/types";

const allPages = {
  homePage,
  aboutPage,
  faqsPage,
  privacyPage,
  termsPage,
  consultationPage,
  equipmentRentalPage,
  equipmentSalesPage,
  ghanaLicensingPage,
  goldIntermediaryPage,
  kycAmlPage,
  licensingSupportPage,
};

/** An object reached twice (a service page's sections reuse its fields) counts once. */
function collectStrings(value: unknown, out: string[] = [], seen = new Set<object>()): string[] {
  if (typeof value === "string") out.push(value);
  else if (value && typeof value === "object" && !seen.has(value)) {
    seen.add(value);
    for (const entry of Object.values(value)) collectStrings(entry, out, seen);
  }
  return out;
}

const ctaHrefs = (ctas: readonly CtaLink[]) => ctas.map((cta) => cta.href);

describe("company facts", () => {
  it("uses the fixed WhatsApp greeting and a digits-only number", () => {
    expect(company.whatsapp.greeting).toBe(
      "Hello, I'm interested in your gold trading and mining equipment services.",
    );
    expect(company.whatsapp.number).toMatch(/^\d+$/);
    expect(company.whatsapp.greetingUrl).toContain(encodeURIComponent(company.whatsapp.greeting));
  });

  it("keeps the footer service list exact", () => {
    expect(FOOTER_SERVICES).toEqual([
      "Gold Transaction Intermediary",
      "Mining Equipment Rental",
      "Equipment Sales",
      "KYC/AML Compliance",
      "Licensing Support",
      "Consultation Services",
    ]);
  });
});

describe("navigation and options", () => {
  it("lists the main links in order", () => {
    expect(mainNavLinks.map((link) => link.href)).toEqual([
      "/",
      "/about",
      "/services",
      "/equipment",
      "/licensing",
      "/faqs",
      "/contact",
    ]);
  });

  it("labels every interest and deal size", () => {
    for (const value of INTEREST_VALUES) expect(INTEREST_LABELS[value]).toBeTruthy();
    for (const value of DEAL_SIZE_VALUES) expect(DEAL_SIZE_LABELS[value]).toBeTruthy();
    expect(DEAL_SIZE_LABELS.confidential).toBe("Prefer to discuss");
  });
});

describe("page metadata", () => {
  it("gives every route a title and description", () => {
    for (const path of ROUTE_PATHS) {
      expect(PAGE_META[path].title.length).toBeGreaterThan(10);
      expect(PAGE_META[path].description.length).toBeGreaterThan(70);
      expect(PAGE_META[path].description.length).toBeLessThanOrEqual(165);
    }
  });

  it("uses unique titles except for aliases of the same page", () => {
    const primary = ROUTE_PATHS.filter((path) => !(path in CANONICAL_PATH));
    const titles = primary.map((path: RoutePath) => PAGE_META[path].title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe("spec counts", () => {
  it("matches the home, about and services counts", () => {
    expect(homePage.hero.badge).toBe("UK Established • KYC/AML Compliant");
    expect(homePage.hero.title).toBe("Your Trusted Intermediary for Gold Deals & Mining Equipment");
    expect(homePage.services).toHaveLength(4);
    expect(homePage.trustedPartner.title).toBe("Your Trusted Gold Trading Partner");
    expect(aboutPage.values.map((value) => value.title)).toEqual([
      "Integrity",
      "Partnership",
      "Global Reach",
      "Excellence",
    ]);
    expect(aboutPage.leadership).toHaveLength(3);
    expect(serviceCards).toHaveLength(7);
  });

  it("matches the service detail counts", () => {
    expect(goldIntermediaryPage.features).toHaveLength(8);
    expect(goldIntermediaryPage.process).toHaveLength(4);
    expect(equipmentRentalPage.categories).toHaveLength(3);
    expect(equipmentRentalPage.benefits).toHaveLength(8);
    expect(equipmentSalesPage.categories.map((category) => category.id)).toEqual([
      "new",
      "used",
      "specialized",
    ]);
    expect(equipmentSalesPage.process).toHaveLength(8);
    expect(kycAmlPage.services).toHaveLength(3);
    expect(kycAmlPage.process).toHaveLength(6);
    expect(kycAmlPage.requirements).toHaveLength(8);
    expect(licensingSupportPage.services).toHaveLength(3);
    expect(licensingSupportPage.licenceTypes).toHaveLength(3);
    expect(licensingSupportPage.process).toHaveLength(7);
    expect(consultationPage.services).toHaveLength(3);
    expect(consultationPage.formats).toHaveLength(4);
    expect(consultationPage.approach.map((step) => step.title)).toEqual([
      "Understanding Your Needs",
      "Strategic Analysis",
      "Actionable Recommendations",
      "Implementation Support",
    ]);
  });

  it("matches the Ghana licensing page", () => {
    expect(ghanaLicensingPage.licenceTypes.map((licence) => [licence.title, licence.validity])).toEqual([
      ["Small Scale Mining License", "3-5 years, renewable"],
      ["Mining Lease", "30 years maximum, renewable"],
      ["Reconnaissance License", "Up to 12 months, renewable once for up to 12 months"],
    ]);
    expect(ghanaLicensingPage.frameworks).toHaveLength(3);
    // Review and grant take the per-licence processing times (docs/decisions/032).
    expect(ghanaLicensingPage.process.map((step) => step.timeframe)).toEqual([
      "2-4 weeks",
      "8-16 weeks",
      "1-2 weeks",
      "3-6 months (reconnaissance) to 12-24 months (mining lease), including grant",
      "Included in the review period",
      "4-8 weeks",
    ]);
    expect(ghanaLicensingPage.complianceItems).toHaveLength(8);
    expect(licensingSupportPage.timelines.map((timeline) => timeline.duration)).toEqual([
      "6-12 months",
      "12-24 months",
      "3-6 months",
    ]);
  });

  it("never states licence costs as figures", () => {
    const costs = [...ghanaLicensingPage.licenceTypes, ...licensingSupportPage.licenceTypes].map(
      (l) => l.cost,
    );
    for (const cost of costs) expect(cost).not.toMatch(/\d/);
  });

  it("has at least ten FAQs across sections", () => {
    const count = faqsPage.sections.reduce((total, section) => total + section.faqs.length, 0);
    expect(count).toBeGreaterThanOrEqual(10);
  });
});

describe("calls to action and notices", () => {
  it("links service pages to the matching inquiry interest", () => {
    expect(ctaHrefs(goldIntermediaryPage.cta.ctas)).toContain("/contact?interest=gold-buying");
    expect(ctaHrefs(equipmentRentalPage.cta.ctas)).toEqual([
      "/contact?interest=equipment-rental",
      "/equipment",
    ]);
    expect(ctaHrefs(equipmentSalesPage.cta.ctas)).toContain("/contact?interest=equipment-purchase");
    expect(ctaHrefs(kycAmlPage.cta.ctas)).toContain("/contact?interest=consultation");
    expect(ctaHrefs(licensingSupportPage.cta.ctas)).toContain("/contact?interest=licensing-support");
    expect(ctaHrefs(licensingSupportPage.cta.ctas)).toContain("/services/ghana-licensing");
    expect(ctaHrefs(consultationPage.cta.ctas)).toEqual(["/contact?interest=consultation", "/services"]);
    expect(ctaHrefs(ghanaLicensingPage.cta.ctas)).toEqual([
      "/contact?interest=licensing-support",
      "/services/licensing-support",
    ]);
  });

  it("carries the anti-fraud notice on the gold, KYC and FAQ pages", () => {
    expect(goldIntermediaryPage.antiFraudNotice).toBe(antiFraudNotice);
    expect(kycAmlPage.antiFraudNotice).toBe(antiFraudNotice);
    expect(faqsPage.antiFraudNotice).toBe(antiFraudNotice);
  });
});

describe("copy quality", () => {
  const strings = collectStrings(allPages);

  it("contains no placeholder text", () => {
    for (const text of strings) {
      expect(text).not.toMatch(/lorem|ipsum|coming soon|TODO|TBD|placeholder/i);
      expect(text.trim().length).toBeGreaterThan(0);
    }
  });

  it("uses only known icon names", () => {
    const known: readonly string[] = ICON_NAMES;
    const icons = collectStrings(
      Object.values(allPages).flatMap((page) =>
        Object.values(page)
          .filter(Array.isArray)
          .flat()
          .map((entry: unknown) =>
            entry && typeof entry === "object" && "icon" in entry ? entry.icon : undefined,
          ),
      ),
    );
    expect(icons.length).toBeGreaterThan(20);
    for (const icon of icons) expect(known).toContain(icon);
  });
});

/**
 * Statements the law contradicts must not come back (docs/decisions/007).
 * Every string of copy is scanned, so a new page or notice is covered too.
 */
describe("legal accuracy of the copy", () => {
  const everything = collectStrings({
    allPages,
    company,
    organizationStructuredData,
    contactPage,
    servicesPage,
    equipmentItems,
    equipmentPage,
    notices: [
      antiFraudNotice,
      goldBoardNotice,
      intermediaryNotice,
      equipmentContractNotice,
      earthMovingEquipmentRulesNotice,
    ],
    footerBlurb,
    notFoundPage,
  });
  const matching = (pattern: RegExp) => everything.filter((text) => pattern.test(text));

  it("gives the reconnaissance licence 12 months, renewable once, on both licensing pages", () => {
    const term = "Up to 12 months, renewable once for up to 12 months";
    const reconnaissance = [...ghanaLicensingPage.licenceTypes, ...licensingSupportPage.licenceTypes].filter(
      (licence) => /reconnaissance/i.test(licence.title),
    );
    expect(reconnaissance).toHaveLength(2);
    for (const licence of reconnaissance) {
      expect(licence.validity).toBe(term);
      expect(collectStrings(licence).join(" ")).not.toMatch(/\b(3|three) years\b/i);
    }
    expect(matching(/reconnaissance[^.]*\b(3|three) years/i)).toEqual([]);
  });

  it("attributes the Ghanaian licence to the Ghana-incorporated subsidiary, never to the UK company", () => {
    expect(GHANA_SUBSIDIARY.jurisdiction).toBe("Ghana");
    expect(GHANA_SUBSIDIARY.registrationNumber).toMatch(/^CS\d{9}$/);
    expect(GHANA_SUBSIDIARY.licence.covers.length).toBeGreaterThan(20);
    expect(company.ghanaLicence.attribution).toContain(GHANA_SUBSIDIARY.name);
    expect(company.ghanaLicence.attribution).toContain(GHANA_SUBSIDIARY.registrationNumber);
    expect(company.ghanaLicence.attribution).toContain(GHANA_SUBSIDIARY.licence.number);
    expect(company.ghanaLicence.coverage).toContain("holds no Ghanaian mineral right");
    // Small-scale licences are for Ghanaian citizens only.
    expect(GHANA_SUBSIDIARY.licence.type).not.toMatch(/small/i);

    // Wherever a sentence gives the licence number, it names the holder.
    const licenceNumber = GHANA_SUBSIDIARY.licence.number;
    const sentences = everything.filter((text) => text.includes(licenceNumber) && text !== licenceNumber);
    expect(sentences.length).toBeGreaterThan(0);
    for (const text of sentences) expect(text).toContain(GHANA_SUBSIDIARY.name);
    expect(
      matching(
        /\bour (ghana(ian)? )?(mining |prospecting |mineral )?(licen[cs]e|right)s?\b|\bwe (hold|have|are granted) (a |an |the )?(ghana(ian)? )?(small-scale |mining |prospecting |mineral )?(licen[cs]e|right)|\bwe are licensed\b|Partners Ltd (holds|is licensed)(?! no)/i,
      ),
    ).toEqual([]);
    expect(aboutPage.credentials.items).toContain(
      `${company.ghanaLicence.attribution}. ${company.ghanaLicence.coverage}`,
    );
  });

  it("names the licence holder in the structured data, not on the UK company", () => {
    const { subOrganization, ...parent } = organizationStructuredData;
    expect(subOrganization.legalName).toBe(GHANA_SUBSIDIARY.name);
    expect(JSON.stringify(subOrganization)).toContain(GHANA_SUBSIDIARY.licence.number);
    expect(JSON.stringify(subOrganization)).toContain(GHANA_SUBSIDIARY.registrationNumber);
    expect(JSON.stringify(parent)).not.toContain(GHANA_SUBSIDIARY.licence.number);
  });

  it("claims no regulated-sector AML duty while no supervisor or registration is named", () => {
    expect(AML_SUPERVISION).toBeNull();
    expect(
      matching(
        /\bs\.?\s?330\b|section 330|tipping.off|legally required to report|required by law to report|law may prevent us from telling/i,
      ),
    ).toEqual([]);
    const crossCheck = "customer due diligence modelled on the UK Money Laundering Regulations 2017";
    expect(kycAmlPage.regulatoryNotice.body).toContain(crossCheck);
    expect(kycAmlPage.regulatoryNotice.body).toContain("National Crime Agency");
    const termsText = collectStrings(termsPage.sections.find((section) => section.id === "kyc-aml")).join(
      " ",
    );
    expect(termsText).toContain(crossCheck);
    expect(termsText).toContain("National Crime Agency");
  });

  it("says the Financial Intelligence Centre receives reports and does not supervise", () => {
    expect(
      matching(
        /(overseen|supervised|regulated) by the Financial Intelligence Centre|Financial Intelligence Centre[^.]*(oversee|supervis)/i,
      ),
    ).toEqual([]);
    expect(matching(/Financial Intelligence Centre, which receives/)).toHaveLength(1);
  });

  it("states the GoldBod regime of Act 1140 and calls an independent assay a commercial check only", () => {
    expect(goldBoardNotice.body).toContain("Since 1 May 2025");
    expect(goldBoardNotice.body).toMatch(
      /Foreign buyers may buy that gold only from GoldBod, which is its sole assayer/,
    );
    expect(matching(/sole legal buyer/i)).toEqual([]);
    const assay = matching(/independent(ly)? assay/i);
    expect(assay.length).toBeGreaterThan(0);
    // At most a commercial check: it never replaces GoldBod's assay (docs/decisions/033).
    for (const text of assay) expect(text).toMatch(/commercial check/i);
    expect(
      matching(/assayed independently|can be independently assayed|independent assay for large-scale/i),
    ).toEqual([]);
    expect(collectStrings(goldIntermediaryPage.features).join(" ")).not.toMatch(
      /Independent Assay Coordination/,
    );
  });

  it("names the current environmental law, Act 1124, and Act 490 only as replaced", () => {
    expect(ghanaLicensingPage.frameworks.map((framework) => framework.title)).toContain(
      "Environmental Protection Act, 2025 (Act 1124)",
    );
    for (const framework of ghanaLicensingPage.frameworks) expect(framework.title).not.toContain("490");
    for (const text of matching(/Act 490/)) expect(text).toMatch(/replaced|repealed/);
  });

  it("offers no investment advice in the consultation services", () => {
    expect(matching(/investment strategy|investment risk|investment opportunit/i)).toEqual([]);
    expect(consultationPage.services.map((service) => service.title)).toEqual([
      "Market Entry & Regulatory Orientation",
      "Transaction Advisory",
      "Operations & Regulatory Advisory",
    ]);
  });

  it("promises no insurance on hired equipment and gives recovery rates as depending on ore", () => {
    expect(matching(/equipment (is )?insured|proper insurance/i)).toEqual([]);
    const recovery = equipmentItems.flatMap((item) => item.specs.filter((spec) => spec.key === "recovery"));
    expect(recovery.length).toBeGreaterThan(0);
    for (const spec of recovery) expect(spec.value).toMatch(/depending on ore$/);
  });

  it("links the Minerals Commission and GoldBod wherever visitors are told to verify a licence", () => {
    const bothRegulators = [MINERALS_COMMISSION_LINK, GOLDBOD_LINK];
    expect(MINERALS_COMMISSION_LINK.href).toBe("https://www.mincom.gov.gh/");
    expect(GOLDBOD_LINK.href).toBe("https://goldbod.gov.gh/");
    expect(antiFraudNotice.links).toEqual(bothRegulators);
    expect(ghanaLicensingPage.verifyLinks).toEqual(bothRegulators);
    expect(ghanaLicensingPage.complianceWarning.links).toContain(MINERALS_COMMISSION_LINK);
    const faq = faqsPage.sections
      .flatMap((section) => section.faqs)
      .find((entry) => entry.question === "How can I check that a Ghanaian licence is genuine?");
    expect(faq?.links).toEqual(bothRegulators);
    const impersonation = termsPage.sections.find((section) => section.id === "impersonation")?.blocks[0];
    expect(impersonation?.kind === "paragraph" ? impersonation.links : undefined).toEqual(bothRegulators);
  });

  it("derives the hours, in GMT all year, and what they mean during British Summer Time", () => {
    expect(BUSINESS_HOURS.map((entry) => entry.display)).toEqual([
      "9:00 – 18:00 GMT",
      "10:00 – 16:00 GMT",
      "Closed",
    ]);
    expect(company.hours.summary).toEqual([
      "Mon-Fri: 9:00-18:00 GMT",
      "Sat: 10:00-16:00 GMT",
      "Sunday: Closed",
    ]);
    expect(company.hours.summerNote).toContain("GMT all year");
    expect(company.hours.summerNote).toContain("10:00–19:00 UK time (Mon-Fri)");
    expect(company.hours.summerNote).toContain("11:00–17:00 UK time (Sat)");
    expect(contactPage.hours.summerNote).toBe(company.hours.summerNote);
  });

  it("promises one reply time, from company.responseHours, and no next-business-day reply", () => {
    expect(company.responseHours).toBe(24);
    expect(contactPage.hours.note).toBe(
      `Messages received outside these hours are answered within ${company.responseHours} hours, not counting Sundays.`,
    );
    expect(matching(/next business day/i)).toEqual([]);
  });

  it("calls the checks the verification the firm applies, not a verification the law requires", () => {
    expect(contactPage.form.privacyNote).toContain("the verification we apply to every transaction");
    expect(matching(/verification the law requires|legally required verification/i)).toEqual([]);
  });

  it("reads reply times, licence terms and processing times from one place each", () => {
    expect(LICENCE_TERMS.miningLease).toBe("30 years maximum, renewable");
    const lease = (licence: { validity: string; title: string }) => /lease|large/i.test(licence.title);
    expect(ghanaLicensingPage.licenceTypes.filter(lease).map((licence) => licence.validity)).toEqual([
      LICENCE_TERMS.miningLease,
    ]);
    expect(licensingSupportPage.licenceTypes.filter(lease).map((licence) => licence.validity)).toEqual([
      LICENCE_TERMS.miningLease,
    ]);
    expect(matching(/\b5\s?-\s?30 years/)).toEqual([]);
    expect(licensingSupportPage.timelines.map((timeline) => timeline.duration)).toEqual([
      PROCESSING_TIMES.smallScale,
      PROCESSING_TIMES.miningLease,
      PROCESSING_TIMES.reconnaissance,
    ]);
    expect(ghanaLicensingPage.processIntro.description).toContain(processingTimesSentence);
    const faq = faqsPage.sections
      .flatMap((section) => section.faqs)
      .find((entry) => entry.question === "How long does a mining licence application take in Ghana?");
    expect(faq?.answer).toContain(processingTimesSentence);
    expect(matching(/12-24 weeks/)).toEqual([]);
  });

  it("tells the reader to check a licence's current status with the Minerals Commission", () => {
    const notice = ghanaLicensingPage.licenceStatusNotice;
    expect(notice.body).toContain("check its current status with the Minerals Commission");
    expect(notice.points?.join(" ")).toContain("7 December 2024");
    expect(notice.points?.join(" ")).toContain("Mining in forest reserves is banned");
    expect(notice.links).toEqual([MINERALS_COMMISSION_LINK]);
    // L.I. 2462 is revoked (L.I. 2505, late 2025), not about to be; no appeal right is claimed without a source.
    expect(notice.points?.join(" ")).toContain(
      "(L.I. 2462), which had allowed it in exceptional cases, were revoked in late 2025",
    );
    expect(matching(/moved to revoke|holders may appeal/i)).toEqual([]);
  });

  it("says the announced reform of Act 703 is pending for new grants, and keeps the Act's terms until it is enacted", () => {
    expect(ACT_703_REFORM_NOTE).toContain(
      "A reform of the Minerals and Mining Act for new grants is pending",
    );
    expect(ghanaLicensingPage.licenceStatusNotice.points).toContain(ACT_703_REFORM_NOTE);
    expect(licensingSupportPage.licenceTypesIntro.description).toContain(ACT_703_REFORM_NOTE);
    expect(LICENCE_TERMS.miningLease).toBe("30 years maximum, renewable");
    expect(matching(/leases? (are|is) (now )?capped at 15 years/i)).toEqual([]);
  });

  it("says who owns the equipment and who contracts for it, and no longer calls the firm solely an intermediary for it", () => {
    expect(EQUIPMENT_TRADING.owner).toBe(GHANA_SUBSIDIARY.name);
    expect(EQUIPMENT_TRADING.contractingParty).toBe(GHANA_SUBSIDIARY.name);
    expect(equipmentTerms.ownership).toContain(
      `owned by ${GHANA_SUBSIDIARY.name}, our Ghana subsidiary, which is the contracting party for every equipment rental and sale`,
    );
    expect(matching(/solely as an intermediary[^.]*equipment/i)).toEqual([]);
    // The disclaimer names the subsidiary itself; it must stay the contracting party.
    expect(company.disclaimer).toContain(
      `Mining equipment is owned, rented and sold by ${equipmentTerms.contractingParty}`,
    );
    expect(
      equipmentOwnershipStatement({ ...EQUIPMENT_TRADING, contractingParty: company.legalName }),
    ).toContain(`${company.legalName} is the contracting party for every equipment rental and sale`);
    const role = collectStrings(termsPage.sections.find((section) => section.id === "our-role")).join(" ");
    expect(role).toContain(equipmentTerms.ownership);
    const listings = collectStrings(
      termsPage.sections.find((section) => section.id === "equipment-listings"),
    );
    expect(listings.join(" ")).toContain(equipmentTerms.currency);
    expect(equipmentRentalPage.contractNotice.body).toContain(equipmentTerms.ownership);
    expect(equipmentSalesPage.contractNotice.body).toContain(equipmentTerms.ownership);
    expect(equipmentPage.pricingNote).toContain(equipmentTerms.ownership);
    const ratesReply = REPLY_TEMPLATES.find((template) => template.id === "equipment-availability");
    expect(ratesReply?.body).toContain(`${equipmentTerms.ownership} ${equipmentTerms.currency}`);
    expect(aboutPage.story.paragraphs.join(" ")).toContain(
      `our Ghana subsidiary, ${GHANA_SUBSIDIARY.name}, built a rental fleet`,
    );
  });

  it("states the currency truly for the contracting party, with or without Bank of Ghana permission", () => {
    expect(EQUIPMENT_TRADING.bankOfGhanaPermission).toBeNull();
    expect(equipmentTerms.currency).toContain(
      `${GHANA_SUBSIDIARY.name} quotes, invoices and takes payment in Ghana cedis`,
    );
    expect(equipmentTerms.currency).toContain("Foreign Exchange Act, 2006 (Act 723)");
    for (const text of [equipmentPage.pricingNote, equipmentRentalPage.contractNotice.body]) {
      expect(text).toContain(equipmentTerms.currency);
    }
    expect(matching(/(quoted|invoiced|payable|paid) (per day )?in US dollars/i)).toEqual([]);
    const permitted = equipmentCurrencyStatement({
      ...EQUIPMENT_TRADING,
      bankOfGhanaPermission: "BG/TEST/1",
    });
    expect(permitted).toBe(
      `${GHANA_SUBSIDIARY.name} quotes, invoices and takes payment in US dollars under Bank of Ghana permission BG/TEST/1.`,
    );
  });

  it("labels the London address as the registered office and shows a VAT number only when one is set", () => {
    expect(company.address.label).toBe("Registered office");
    expect(company.registration.disclosure).toBe(
      `${company.legalName}. Registered in England and Wales, company no. ${company.registration.companyNumber}. Registered office: ${company.address.singleLine}.`,
    );
    expect(company.registration.vatNumber).toBeNull();
    expect(company.registration.disclosure).not.toContain("VAT");
    const withVat = tradingDisclosure({
      legalName: company.legalName,
      jurisdiction: company.registration.jurisdiction,
      companyNumber: company.registration.companyNumber,
      registeredOffice: company.address.singleLine,
      vatNumber: "GB123456789",
    });
    expect(withVat.endsWith("VAT no. GB123456789.")).toBe(true);
    expect(contactPage.details.map((detail) => detail.title)).toContain("Registered office, London");
    const whoWeAre = collectStrings(termsPage.sections.find((section) => section.id === "who-we-are")).join(
      " ",
    );
    expect(whoWeAre).toContain(`registered office at ${company.address.singleLine}`);
    const controller = collectStrings(
      privacyPage.sections.find((section) => section.id === "controller"),
    ).join(" ");
    expect(controller).toContain(`registered office is at ${company.address.singleLine}`);
  });

  it("no longer ties investment incentives to GIPC registration (Exemptions Act, 2022)", () => {
    expect(matching(/access to investment incentives/i)).toEqual([]);
    const gipc = ghanaLicensingPage.frameworks.find((framework) => framework.title.includes("Act 865"));
    expect(gipc?.keyPoints.join(" ")).toContain("Exemptions Act, 2022 (Act 1083)");
  });

  it("states the 2025 excavator rules wherever a page speaks of delivery to site or import", () => {
    const notice = earthMovingEquipmentRulesNotice;
    const text = [notice.body, ...(notice.points ?? [])].join(" ");
    for (const phrase of ["import permit", "DVLA", "L.I. 2404", "Minerals Commission"])
      expect(text).toContain(phrase);
    expect(notice.links).toEqual([MINERALS_COMMISSION_LINK]);
    expect(equipmentRentalPage.deliveryNotice).toBe(notice);
    expect(equipmentSalesPage.deliveryNotice).toBe(notice);
    expect(equipmentPage.deliveryNotice).toBe(notice);
    const importStep = equipmentSalesPage.process.find(
      (step) => step.title === "Shipping and Import Clearance",
    );
    expect(importStep?.description).toContain("import permit");
  });

  it("reads repeated facts from one place and spells email one way", () => {
    expect(contactPage.form.success.description).toBe(
      "Thank you for your inquiry. We'll respond within 24 hours.",
    );
    expect(company.responseTime).toBe("24 hours");
    expect(company.mail.defaultFrom).toBe(`${company.brandName} <no-reply@voltameridian.co.uk>`);
    expect([notFoundPage.code, notFoundPage.message, notFoundPage.homeLink.label]).toEqual([
      "404",
      "Oops! Page not found",
      "Return to Home",
    ]);
    expect(matching(/e-mail/i)).toEqual([]);
  });
});

/** What the statements audit of round 4 corrected; each must stay corrected (docs/decisions/072). */
describe("statements that match the law and the code", () => {
  const everything = collectStrings({
    allPages,
    company,
    organizationStructuredData,
    contactPage,
    servicesPage,
    serviceCards,
    equipmentPage,
    authPage,
    REPLY_TEMPLATES,
    notices: [antiFraudNotice, goldBoardNotice, intermediaryNotice, earthMovingEquipmentRulesNotice],
  });
  const matching = (pattern: RegExp) => everything.filter((text) => pattern.test(text));

  it("promises a reply in 24 hours without counting the day the office is closed, but keeps the spec's toast", () => {
    const closed = company.hours.entries
      .filter((entry) => entry.opens === null)
      .flatMap((entry) => entry.days);
    expect(closed).toEqual(["Sunday"]);
    expect(company.responsePromise).toBe("24 hours, not counting Sundays");
    for (const promise of [
      contactPage.hero.badge,
      contactPage.form.description,
      contactPage.form.sent.replyWithin,
      faqsPage.sections.flatMap((section) => section.faqs).find((faq) => /how quickly/i.test(faq.question))
        ?.answer,
    ]) {
      expect(promise).toContain("24 hours, not counting Sundays");
    }
    // The spec's toast keeps its words; the confirmation shown with it states the promise in full.
    expect(contactPage.form.success.description).toBe(
      "Thank you for your inquiry. We'll respond within 24 hours.",
    );
    expect(matching(/still answered within|reply to every inquiry/i)).toEqual([]);
  });

  it("does not promise that every inquiry is read: spam-filed ones may not be", () => {
    expect(contactPage.hero.subtitle).toContain("Every inquiry that passes our spam checks is read");
    expect(matching(/Every inquiry is read/)).toEqual([]);
  });

  it("gives the hours in the structured data with their offset (GMT all year)", () => {
    const hours = organizationStructuredData.contactPoint[0].hoursAvailable;
    expect(hours.map((entry) => [entry.opens, entry.closes])).toEqual([
      ["09:00:00+00:00", "18:00:00+00:00"],
      ["10:00:00+00:00", "16:00:00+00:00"],
    ]);
  });

  it("offers hire from the minimum period, priced at daily rates, never daily terms", () => {
    expect(matching(/daily,? weekly|daily terms/i)).toEqual([]);
    expect(equipmentRentalPage.terms.items).toContain(
      "Minimum hire: one week for mobile equipment, one month for wash plants",
    );
    expect(equipmentRentalPage.meta.description).toContain("from one week (one month for wash plants)");
  });

  it("says the client-funds statement in one wording, from one place", () => {
    expect(CLIENT_FUNDS_STATEMENT).toBe("We do not hold client funds.");
    const mentions = matching(/client (funds|money)/i);
    expect(mentions.length).toBeGreaterThanOrEqual(4);
    for (const text of mentions) expect(text).toContain(CLIENT_FUNDS_STATEMENT);
    expect(matching(/client money|never hold client/i)).toEqual([]);
  });

  it("calls no advice independent while the group sells the equipment, and declares that interest", () => {
    expect(
      matching(/\bindependent advice\b/i).filter((text) => !text.includes("it is not independent advice")),
    ).toEqual([]);
    expect(collectStrings(consultationPage).join(" ")).toContain(
      "where our advice touches equipment, we say so, and it is not independent advice",
    );
  });

  it("names no Money Laundering Reporting Officer beside 'outside the regulated sector'", () => {
    expect(AML_SUPERVISION).toBeNull();
    expect(matching(/Money Laundering Reporting Officer|\bMLRO\b/)).toEqual([]);
  });

  it("says GoldBod runs its own KYC on its off-takers, and that ours comes on top", () => {
    expect(goldBoardNotice.body).toContain(GOLDBOD_OFFTAKER_KYC);
    expect(GOLDBOD_OFFTAKER_KYC).toContain("with the Bank of Ghana and the Financial Intelligence Centre");
    expect(collectStrings(kycAmlPage).join(" ")).toContain(GOLDBOD_OFFTAKER_KYC);
  });

  it("asks for documents the same way on the contact page, the KYC page and the KYC template, and promises no channel the site lacks", () => {
    expect(contactPage.whatsappCard.description).toContain(DOCUMENTS_STATEMENT);
    expect(REPLY_TEMPLATES.find((template) => template.id === "kyc-checklist")?.body).toContain(
      DOCUMENTS_STATEMENT,
    );
    expect(matching(/secure channel|we will move to email/i)).toEqual([]);
  });

  it("lets consumers in Scotland and Northern Ireland sue where they live (CRA 2015 Sch. 2 para. 20)", () => {
    const law = collectStrings(termsPage.sections.find((section) => section.id === "law")).join(" ");
    expect(law).not.toContain("exclusive jurisdiction");
    expect(law).toContain("consumer living in Scotland or Northern Ireland, you may also bring proceedings");
  });

  it("names the Ghana subsidiary, not 'we', as who delivers and sources equipment", () => {
    expect(matching(/\bwe deliver\b|\bwe source it\b/i)).toEqual([]);
    expect(earthMovingEquipmentRulesNotice.body).toContain(
      `${equipmentTerms.contractingParty} delivers a machine only to a site covered by a valid licence or permit`,
    );
  });

  it("promises on /auth only what an account does, and says nothing false to an address that already had one", () => {
    expect(authPage.meta.description).not.toMatch(/relationship/i);
    expect(authPage.messages.signUpSuccess).not.toMatch(/created/i);
    expect(authPage.privacyLink.href).toBe("/privacy");
    expect(contactPage.form.privacyLink).toMatchObject({ label: "Privacy Policy", href: "/privacy" });
    expect(contactPage.form.privacyNote).not.toContain("Privacy Policy");
  });

  it("uses the transfer words of the law now in force (DUAA 2025 s.85), and says the GIPC reform is only proposed", () => {
    expect(matching(/adequacy/i)).toEqual([]);
    const gipc = ghanaLicensingPage.frameworks.find((framework) => framework.title.includes("Act 865"));
    expect(gipc?.keyPoints.join(" ")).toContain(
      "a new investment law that would remove most of them has been proposed",
    );
    expect(matching(/under government review/i)).toEqual([]);
  });
});
