import type { ExternalLink } from "./types";

/**
 * Official sites where visitors can verify a Ghanaian licence themselves.
 * Wherever the copy tells visitors to verify a licence, it links these.
 */
export const MINERALS_COMMISSION_LINK: ExternalLink = {
  label: "Minerals Commission of Ghana (mining licences)",
  href: "https://www.mincom.gov.gh/",
};

export const GOLDBOD_LINK: ExternalLink = {
  label: "Ghana Gold Board, GoldBod (gold trading licences)",
  href: "https://goldbod.gov.gh/",
};

export const VERIFY_LICENCE_LINKS: readonly ExternalLink[] = [MINERALS_COMMISSION_LINK, GOLDBOD_LINK];
