/** The site's page routes, without their copy: the head metadata's and the sitemap's list. */
export const ROUTE_PATHS = [
  "/",
  "/about",
  "/contact",
  "/equipment",
  "/services",
  "/services/gold-intermediary",
  "/services/equipment-rental",
  "/services/equipment-sales",
  "/services/kyc-aml",
  "/services/licensing-support",
  "/services/consultation",
  "/services/ghana-licensing",
  "/licensing",
  "/faqs",
  "/privacy",
  "/terms",
  "/auth",
  "/dashboard",
] as const;

export type RoutePath = (typeof ROUTE_PATHS)[number];

/** Canonical path for routes that serve the same page under two addresses. */
export const CANONICAL_PATH: Partial<Record<RoutePath, RoutePath>> = {
  "/services/ghana-licensing": "/licensing",
};
