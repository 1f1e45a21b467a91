import { company, GHANA_SUBSIDIARY } from "./company";

/**
 * Who owns the fleet and contracts for rentals and sales (docs/decisions/031). A Ghana resident may
 * not price, invoice or take payment in foreign currency without the Bank of Ghana's written
 * permission (Foreign Exchange Act, 2006 (Act 723)); `bankOfGhanaPermission` holds its reference.
 */
interface EquipmentTrading {
  owner: string;
  contractingParty: string;
  bankOfGhanaPermission: string | null;
}

export const EQUIPMENT_TRADING: EquipmentTrading = {
  owner: GHANA_SUBSIDIARY.name,
  contractingParty: GHANA_SUBSIDIARY.name,
  bankOfGhanaPermission: null,
};

/** Who owns the fleet and who signs, in one or two sentences, true whether or not they are the same company. */
export function equipmentOwnershipStatement(trading: EquipmentTrading): string {
  const introduces = `${company.legalName}, the UK company, takes inquiries and introduces customers to it.`;
  if (trading.owner === trading.contractingParty) {
    return `The rental fleet is owned by ${trading.owner}, our Ghana subsidiary, which is the contracting party for every equipment rental and sale. ${introduces}`;
  }
  return `The rental fleet is owned by ${trading.owner}. ${trading.contractingParty} is the contracting party for every equipment rental and sale.`;
}

/** The currency sentence for equipment prices, true for the permission the contracting party holds. */
export function equipmentCurrencyStatement(trading: EquipmentTrading): string {
  if (trading.bankOfGhanaPermission) {
    return `${trading.contractingParty} quotes, invoices and takes payment in US dollars under Bank of Ghana permission ${trading.bankOfGhanaPermission}.`;
  }
  return (
    `US dollar figures on this website are a guide for international comparison only: ${trading.contractingParty} quotes, invoices and takes payment in Ghana cedis, ` +
    "because Ghana’s Foreign Exchange Act, 2006 (Act 723) does not allow pricing or payment in foreign currency in Ghana without the Bank of Ghana’s permission."
  );
}

/** Rentals are priced at daily rates but never let by the day, so no page may offer "daily terms". */
export const MINIMUM_HIRE = {
  mobileEquipment: "one week",
  washPlants: "one month",
} as const;

/** 'from one week (one month for wash plants)'. */
export const minimumHirePhrase = `from ${MINIMUM_HIRE.mobileEquipment} (${MINIMUM_HIRE.washPlants} for wash plants)`;

/** What every page that prices or offers equipment says about owner, contracting party and currency. */
export const equipmentTerms = {
  fleetOwner: EQUIPMENT_TRADING.owner,
  contractingParty: EQUIPMENT_TRADING.contractingParty,
  ownership: equipmentOwnershipStatement(EQUIPMENT_TRADING),
  currency: equipmentCurrencyStatement(EQUIPMENT_TRADING),
} as const;
