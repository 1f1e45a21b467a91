import { aboutPage } from "./about";
import { authPage, dashboardPage } from "./account-pages";
import { contactPage } from "./contact";
import { equipmentPage } from "./equipment-page";
import { faqsPage } from "./faqs";
import { homePage } from "./home";
import { privacyPage } from "./privacy";
import { servicesPage } from "./services";
import { consultationPage } from "./services/consultation";
import { equipmentRentalPage } from "./services/equipment-rental";
import { equipmentSalesPage } from "./services/equipment-sales";
import { ghanaLicensingPage } from "./services/ghana-licensing";
import { goldIntermediaryPage } from "./services/gold-intermediary";
import { kycAmlPage } from "./services/kyc-aml";
import { licensingSupportPage } from "./services/licensing-support";
import { termsPage } from "./terms";
import type { PageMeta } from "./types";
import type { RoutePath } from "./route-paths";

/** Head metadata per route. /licensing and /services/ghana-licensing are one page. */
export const PAGE_META: Record<RoutePath, PageMeta> = {
  "/": homePage.meta,
  "/about": aboutPage.meta,
  "/contact": contactPage.meta,
  "/equipment": equipmentPage.meta,
  "/services": servicesPage.meta,
  "/services/gold-intermediary": goldIntermediaryPage.meta,
  "/services/equipment-rental": equipmentRentalPage.meta,
  "/services/equipment-sales": equipmentSalesPage.meta,
  "/services/kyc-aml": kycAmlPage.meta,
  "/services/licensing-support": licensingSupportPage.meta,
  "/services/consultation": consultationPage.meta,
  "/services/ghana-licensing": ghanaLicensingPage.meta,
  "/licensing": ghanaLicensingPage.meta,
  "/faqs": faqsPage.meta,
  "/privacy": privacyPage.meta,
  "/terms": termsPage.meta,
  "/auth": authPage.meta,
  "/dashboard": dashboardPage.meta,
};
