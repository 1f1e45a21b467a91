import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EquipmentOfferMarkup } from "~/components/equipment-offer-markup";
import type { CatalogueItem } from "~/lib/catalogue/catalogue-item";
import { attributesOf, elementOf, elementsOf } from "../../tests/support/markup";

const URL = "https://volta.example.com/equipment/cat-320-excavator";

function item(overrides: Partial<CatalogueItem> = {}): CatalogueItem {
  return {
    id: "cat-320-excavator",
    name: "CAT 320 Excavator",
    category: "excavators",
    image: "/images/equipment/cat-320-excavator.svg",
    imageAlt: "An excavator",
    imageWidth: 640,
    imageHeight: 400,
    availability: "available",
    rentalPrice: "$850/day",
    salePrice: "$185,000",
    specs: [],
    description: "A versatile excavator.",
    features: [],
    photos: [],
    rateCard: {
      dayRateUsd: 850,
      weekRateUsd: 5000,
      monthRateUsd: null,
      hoursPerDay: 8,
      minimumHire: { count: 1, unit: "week" },
    },
    salePriceUsd: 185_000,
    nextAvailableOn: null,
    location: null,
    condition: null,
    year: null,
    hourMeter: null,
    ...overrides,
  };
}

/** The first `content` or `href` of an element with this itemprop (the offer's own comes before its parts'). */
function property(html: string, name: string): string | null {
  return new RegExp(`itemProp="${name}"[^>]*?(?:content|href)="([^"]*)"`, "i").exec(html)?.[1] ?? null;
}

/** The offers as a reader of microdata sees them: each one's price, terms, seller and rates. */
function offersOf(markup: string) {
  return elementsOf(markup, "span")
    .filter((element) => attributesOf(element).itemProp === "offers")
    .map((offer) => ({
      price: property(offer, "price"),
      currency: property(offer, "priceCurrency"),
      business: property(offer, "businessFunction"),
      condition: property(offer, "itemCondition"),
      seller: property(elementOf(offer, "span", 'itemProp="seller"'), "name"),
      units: elementsOf(offer, "span")
        .filter((element) => attributesOf(element).itemProp === "priceSpecification")
        .map((spec) => `${property(spec, "unitCode")} ${property(spec, "price")}`),
    }));
}

describe("an item page's Product offers", () => {
  it("offer the sale price and the rate card the page shows, from the company that contracts for them", () => {
    expect(offersOf(renderToStaticMarkup(<EquipmentOfferMarkup item={item()} url={URL} />))).toEqual([
      {
        price: "185000",
        currency: "USD",
        business: "http://purl.org/goodrelations/v1#Sell",
        condition: null,
        seller: "Volta Meridian Ghana Limited",
        units: [],
      },
      {
        price: "850",
        currency: "USD",
        business: "http://purl.org/goodrelations/v1#LeaseOut",
        condition: null,
        seller: "Volta Meridian Ghana Limited",
        units: ["DAY 850", "WEE 5000"],
      },
    ]);
  });

  it("offer no sale for 'Contact for Price', no lease for a machine for sale only, and a used machine's condition", () => {
    const contactForPrice = item({ availability: "rental-only", salePriceUsd: null });
    expect(
      offersOf(renderToStaticMarkup(<EquipmentOfferMarkup item={contactForPrice} url={URL} />)),
    ).toHaveLength(1);
    const saleOnly = item({ availability: "sale-only", condition: "used" });
    expect(offersOf(renderToStaticMarkup(<EquipmentOfferMarkup item={saleOnly} url={URL} />))).toEqual([
      expect.objectContaining({ price: "185000", condition: "https://schema.org/UsedCondition" }),
    ]);
  });
});
