import { describe, expect, it } from "vitest";
import { aboutPage } from "./about";
import { FOOTER_SERVICES, company } from "./company";
import { faqsPage } from "./faqs";
import { homePage } from "./home";
import { ICON_NAMES } from "./icons";
import { DEAL_SIZE_LABELS, DEAL_SIZE_VALUES, INTEREST_LABELS, INTEREST_VALUES } from "./inquiry-options";
import { mainNavLinks } from "./navigation";
import { antiFraudNotice } from "./notices";
import { CANONICAL_PATH, PAGE_META, ROUTE_PATHS, type RoutePath } from "./page-meta";
import { privacyPage } from "./privacy";
import { serviceCards } from "./services";
import { consultationPage } from "./services/consultation";
import { equipmentRentalPage } from "./services/equipment-rental";
import { equipmentSalesPage } from "./services/equipment-sales";
import { ghanaLicensingPage } from "./services/ghana-licensing";
import { goldIntermediaryPage } from "./services/gold-intermediary";
import { kycAmlPage } from "./services/kyc-aml";
import { licensingSupportPage } from "./services/licensing-support";
import { termsPage } from "./terms";
import type { CtaLink } from "./types";

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

function collectStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const entry of value) collectStrings(entry, out);
  else if (value && typeof value === "object")
    for (const entry of Object.values(value)) collectStrings(entry, out);
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
      ["Reconnaissance License", "3 years, renewable once"],
    ]);
    expect(ghanaLicensingPage.frameworks).toHaveLength(3);
    expect(ghanaLicensingPage.process.map((step) => step.timeframe)).toEqual([
      "2-4 weeks",
      "8-16 weeks",
      "1-2 weeks",
      "12-24 weeks",
      "2-4 weeks",
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
