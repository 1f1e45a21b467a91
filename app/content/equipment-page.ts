import { brandTitle, primaryCta, whatsappCta } from "./company";
import { equipmentTerms } from "./equipment-trading";
import {
  AVAILABILITY_LABELS,
  AVAILABILITY_VALUES,
  CATEGORY_LABELS,
  EQUIPMENT_CATEGORIES,
  type Availability,
  type EquipmentCategory,
} from "./equipment";
import { earthMovingEquipmentRulesNotice } from "./notices";
import type { CtaSection, PageHero, PageMeta } from "./types";

export const equipmentPage = {
  meta: {
    title: brandTitle("Mining Equipment Catalogue"),
    description:
      "Browse excavators, bulldozers and gold wash plants for rent or sale in Ghana, with specifications, daily rental rates and purchase prices.",
  } satisfies PageMeta,
  hero: {
    badge: "Rental & Sales",
    title: "Mining Equipment Catalogue",
    subtitle:
      "Well-maintained excavators, dozers and gold processing plants, available to rent or buy and delivered to site in Ghana with operator training and support.",
  } satisfies PageHero,
  controls: {
    searchLabel: "Search equipment",
    searchPlaceholder: "Search by name or description...",
    categoryLabel: "Category",
    availabilityLabel: "Availability",
    moreFilters: "More Filters",
    allCategories: "All Categories",
    allAvailability: "All Availability",
  },
  categoryOptions: [
    { value: "all", label: "All Categories" },
    ...EQUIPMENT_CATEGORIES.map((value) => ({
      value,
      label: CATEGORY_LABELS[value],
    })),
  ] satisfies readonly { value: EquipmentCategory | "all"; label: string }[],
  availabilityOptions: [
    { value: "all", label: "All Availability" },
    ...AVAILABILITY_VALUES.map((value) => ({
      value,
      label: AVAILABILITY_LABELS[value],
    })),
  ] satisfies readonly { value: Availability | "all"; label: string }[],
  card: {
    rentalLabel: "Rental",
    saleLabel: "Sale",
    inquire: "Inquire",
    inquireHref: "/contact",
    viewDetails: "View Details",
    /** At most this many feature badges, then '+N more'. */
    maxFeatureBadges: 3,
    moreFeatures: (count: number): string => `+${count} more`,
  },
  empty: {
    message: "No equipment found matching your criteria.",
    clearFilters: "Clear Filters",
  },
  /**
   * Cards on one page of the catalogue (decision 099): the render costs in proportion to the cards, so a large
   * catalogue is paged; the spec's six items fit on one page, which then shows no pager.
   */
  pageSize: 24,
  pricingNote: `${equipmentTerms.currency} Prices exclude delivery, fuel, operators and applicable taxes. Rental rates apply to minimum hire periods agreed in writing. Sale prices are indicative and confirmed on inspection. ${equipmentTerms.ownership}`,
  deliveryNotice: earthMovingEquipmentRulesNotice,
  cta: {
    title: "Need something not listed?",
    description:
      "Our sourcing network covers loaders, haul trucks, crushers, generators and pumps. Tell us the machine and the site, and we will find it.",
    ctas: [primaryCta("Request Equipment", "/contact?interest=equipment-rental"), whatsappCta("WhatsApp Us")],
  } satisfies CtaSection,
};
