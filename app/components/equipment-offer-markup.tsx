import { equipmentTerms } from "~/content/equipment-trading";
import type { CatalogueItem } from "~/lib/catalogue/catalogue-item";

const CONDITIONS = {
  new: "https://schema.org/NewCondition",
  used: "https://schema.org/UsedCondition",
} as const;

/** UN/CEFACT codes of the rate card's periods. */
const PERIOD_CODES = [
  ["dayRateUsd", "DAY"],
  ["weekRateUsd", "WEE"],
  ["monthRateUsd", "MON"],
] as const;

function Seller() {
  return (
    <span itemProp="seller" itemScope itemType="https://schema.org/Organization" hidden>
      <meta itemProp="name" content={equipmentTerms.contractingParty} />
    </span>
  );
}

/**
 * The Product's offers as microdata inside the item page's Product scope, no
 * more than the page shows: the sale price when there is one, the rate card
 * as a lease offer, each from the company that contracts for it. Microdata
 * rather than a second JSON-LD block: it sits on what the visitor reads.
 */
export function EquipmentOfferMarkup({ item, url }: { item: CatalogueItem; url: string }) {
  const condition = item.condition ? (
    <link itemProp="itemCondition" href={CONDITIONS[item.condition]} />
  ) : null;
  const rates = PERIOD_CODES.flatMap(([field, unitCode]) => {
    const price = item.rateCard[field];
    return price === null ? [] : [{ price, unitCode }];
  });
  return (
    <>
      {item.availability !== "rental-only" && item.salePriceUsd !== null ? (
        <span itemProp="offers" itemScope itemType="https://schema.org/Offer" hidden>
          <meta itemProp="price" content={String(item.salePriceUsd)} />
          <meta itemProp="priceCurrency" content="USD" />
          <link itemProp="businessFunction" href="http://purl.org/goodrelations/v1#Sell" />
          <link itemProp="url" href={url} />
          {condition}
          <Seller />
        </span>
      ) : null}
      {item.availability !== "sale-only" && rates.length > 0 ? (
        <span itemProp="offers" itemScope itemType="https://schema.org/Offer" hidden>
          <meta itemProp="price" content={String(rates[0]!.price)} />
          <meta itemProp="priceCurrency" content="USD" />
          <link itemProp="businessFunction" href="http://purl.org/goodrelations/v1#LeaseOut" />
          <link itemProp="url" href={url} />
          {rates.map((rate) => (
            <span
              key={rate.unitCode}
              itemProp="priceSpecification"
              itemScope
              itemType="https://schema.org/UnitPriceSpecification"
            >
              <meta itemProp="price" content={String(rate.price)} />
              <meta itemProp="priceCurrency" content="USD" />
              <meta itemProp="unitCode" content={rate.unitCode} />
            </span>
          ))}
          {condition}
          <Seller />
        </span>
      ) : null}
    </>
  );
}
