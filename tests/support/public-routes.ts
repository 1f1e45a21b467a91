/** Public routes with their h1 and a piece of text the spec requires on them. */
export const PUBLIC_ROUTES: readonly { path: string; h1: string | RegExp; text: string }[] = [
  {
    path: "/",
    h1: "Your Trusted Intermediary for Gold Deals & Mining Equipment",
    text: "UK Established • KYC/AML Compliant",
  },
  { path: "/about", h1: "About Volta Meridian", text: "Leadership Team" },
  { path: "/contact", h1: "Get in Touch", text: "10:00 – 16:00 GMT" },
  { path: "/equipment", h1: "Mining Equipment Catalogue", text: "CAT 320 Excavator" },
  { path: "/equipment/cat-320-excavator", h1: "CAT 320 Excavator", text: "Specifications" },
  {
    path: "/services",
    h1: "Services for Gold Deals and Mining Operations",
    text: "Ghana Mining Licensing Guide",
  },
  {
    path: "/services/gold-intermediary",
    h1: "Licensed Ghana Gold Deals, Verified End to End",
    text: "Protect yourself from gold fraud",
  },
  { path: "/services/equipment-rental", h1: /./, text: "Why Rent With Us" },
  { path: "/services/equipment-sales", h1: /./, text: "New Equipment" },
  {
    path: "/services/kyc-aml",
    h1: "Verification Comes First, on Every Transaction",
    text: "International Standards We Follow",
  },
  { path: "/services/licensing-support", h1: /./, text: "Typical Processing Timelines" },
  {
    path: "/services/consultation",
    h1: "Expert Guidance for Ghana’s Gold and Mining Sector",
    text: "Consultation Formats",
  },
  {
    path: "/services/ghana-licensing",
    h1: "Understanding Mining Licences in Ghana",
    text: "Reconnaissance License",
  },
  { path: "/licensing", h1: "Understanding Mining Licences in Ghana", text: "Mining Lease" },
  { path: "/faqs", h1: "Frequently Asked Questions", text: "Which documents do I need for KYC?" },
  { path: "/privacy", h1: "Privacy Policy", text: "UK General Data Protection Regulation" },
  { path: "/terms", h1: "Terms of Use", text: "Our role" },
];
