import type { UploadFormat } from "~/content/uploads";

/**
 * What the desk asks a counterparty for before a deal, one checklist per kind of party and side of the deal, and
 * for a Ghana counterparty the Ghanaian licences. Each item says why it is asked: the client reads it.
 */
const kycParties = { individual: "Individual", company: "Company" } as const;
const kycSides = { buyer: "Buyer", seller: "Seller" } as const;
type KycParty = keyof typeof kycParties;
type KycSide = keyof typeof kycSides;

interface KycItem {
  key: string;
  label: string;
  why: string;
  formats: readonly UploadFormat[];
}

const DOCUMENT: readonly UploadFormat[] = ["pdf", "jpeg", "png", "heic"];
const PAPER: readonly UploadFormat[] = ["pdf"];

const ITEMS = {
  identity: {
    key: "identity",
    label: "Passport or national identity card",
    why: "To confirm who you are before we introduce you to a counterparty.",
    formats: DOCUMENT,
  },
  address: {
    key: "address",
    label: "Proof of address dated in the last three months (a utility bill or bank statement)",
    why: "To confirm where you live, as part of knowing who we deal with.",
    formats: DOCUMENT,
  },
  incorporation: {
    key: "incorporation",
    label: "Certificate of incorporation",
    why: "To confirm that the company exists and where it is registered.",
    formats: PAPER,
  },
  owners: {
    key: "owners",
    label: "Register of directors and of everyone who owns or controls 25% or more",
    why: "To know who owns and runs the company, as anti-money-laundering checks require.",
    formats: PAPER,
  },
  directorIdentity: {
    key: "director-identity",
    label: "Passport or national identity card of the director who signs for the company",
    why: "To confirm who acts for the company.",
    formats: DOCUMENT,
  },
  funds: {
    key: "funds",
    label: "Proof of funds: a recent bank statement or a letter from your bank",
    why: "To confirm that the money for the purchase exists and where it comes from.",
    formats: PAPER,
  },
  origin: {
    key: "origin",
    label: "Evidence of where the gold comes from (mine records, purchase receipts or export papers)",
    why: "To confirm that the gold was lawfully mined and traded.",
    formats: PAPER,
  },
  goldbod: {
    key: "goldbod",
    label: "Ghana Gold Board (GoldBod) licence or registration to buy, sell or export gold",
    why: "Trading in gold from Ghana needs the Ghana Gold Board's licence (Ghana Gold Board Act, 2025 (Act 1140)).",
    formats: PAPER,
  },
  mineralsCommission: {
    key: "minerals-commission",
    label: "Minerals Commission mining licence (small-scale licence or mining lease)",
    why: "Mining in Ghana needs a licence granted under the Minerals and Mining Act, 2006 (Act 703).",
    formats: PAPER,
  },
} as const satisfies Record<string, KycItem>;

export interface KycChecklist {
  key: string;
  label: string;
  items: readonly KycItem[];
}

function checklistOf(party: KycParty, side: KycSide, ghana: boolean): KycChecklist {
  const who =
    party === "individual"
      ? [ITEMS.identity, ITEMS.address]
      : [ITEMS.incorporation, ITEMS.owners, ITEMS.directorIdentity];
  const deal = side === "buyer" ? [ITEMS.funds] : [ITEMS.origin];
  const licences = ghana ? [ITEMS.goldbod, ITEMS.mineralsCommission] : [];
  return {
    key: `${party}-${side}${ghana ? "-ghana" : ""}`,
    label: `${kycParties[party]} ${kycSides[side].toLowerCase()}${ghana ? ", Ghana counterparty" : ""}`,
    items: [...who, ...deal, ...licences],
  };
}

/** Every checklist the desk can pick, by key. */
export const kycChecklists: readonly KycChecklist[] = (["individual", "company"] as const).flatMap((party) =>
  (["buyer", "seller"] as const).flatMap((side) =>
    [false, true].map((ghana) => checklistOf(party, side, ghana)),
  ),
);

export function findKycChecklist(key: string): KycChecklist | null {
  return kycChecklists.find((checklist) => checklist.key === key) ?? null;
}

/** How long a client's link opens their page; the desk can send a new one. */
export const clientLinkDays = 30;

/** Messages a client may send from their page, per inquiry: enough for a conversation, too few to flood the desk. */
export const clientMessageLimit = { max: 20, windowMs: 3_600_000 } as const;
