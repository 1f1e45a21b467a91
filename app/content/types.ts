import type { IconName } from "./icons";

/** Title and meta description for a route's document head. */
export interface PageMeta {
  title: string;
  description: string;
}

/**
 * A call to action. `external` links (WhatsApp, mailto, tel) open outside the
 * app router; the UI decides whether that means a new tab.
 */
export interface CtaLink {
  label: string;
  href: string;
  external?: boolean;
  variant?: "primary" | "secondary";
}

/** A link to another site (e.g. a regulator), opened in a new tab. */
export interface ExternalLink {
  label: string;
  href: string;
}

export interface NavLink {
  label: string;
  href: string;
}

/** Hero or page header block. */
export interface PageHero {
  badge?: string;
  title: string;
  subtitle: string;
  ctas?: readonly CtaLink[];
}

/** Closing call-to-action block at the bottom of a page. */
export interface CtaSection {
  title: string;
  description: string;
  ctas: readonly CtaLink[];
}

/** Heading plus introductory sentence above a group of cards or steps. */
export interface SectionIntro {
  title: string;
  description: string;
}

/** Card with an icon, used for service features, values and similar grids. */
export interface FeatureCard {
  title: string;
  description: string;
  icon: IconName;
  features?: readonly string[];
  href?: string;
}

/** Card that links to a service page (home grid, services overview). */
export interface ServiceCard extends FeatureCard {
  id: string;
  href: string;
}

export interface ProcessStep {
  step: number;
  title: string;
  description: string;
  timeframe?: string;
}

export interface LicenceType {
  title: string;
  description: string;
  /** Area limit as displayed, e.g. 'Up to 25 acres'; absent where no fixed area applies. */
  area?: string;
  validity: string;
  requirements: readonly string[];
  /** Cost structure in words; licence fees are never given as figures. */
  cost: string;
}

interface ProcessingTimeline {
  licence: string;
  duration: string;
  note: string;
}

interface Framework {
  title: string;
  description: string;
  keyPoints: readonly string[];
}

interface ConsultationFormat {
  title: string;
  duration: string;
  description: string;
}

/** Titled group of benefits, e.g. an area of expertise. */
export interface BenefitGroup {
  title: string;
  icon: IconName;
  benefits: readonly string[];
}

export interface Notice {
  title: string;
  body: string;
  points?: readonly string[];
  /** Official sites the notice sends visitors to, e.g. to verify a licence. */
  links?: readonly ExternalLink[];
  tone: "info" | "warning";
}

interface Faq {
  question: string;
  answer: string;
  links?: readonly ExternalLink[];
}

export interface FaqSection {
  id: string;
  title: string;
  faqs: readonly Faq[];
}

type LegalBlock =
  | { kind: "paragraph"; text: string; links?: readonly ExternalLink[] }
  | { kind: "list"; items: readonly string[] };

export const paragraph = (text: string, links?: readonly ExternalLink[]): LegalBlock =>
  links ? { kind: "paragraph", text, links } : { kind: "paragraph", text };
export const list = (items: readonly string[]): LegalBlock => ({ kind: "list", items });

interface LegalSection {
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  meta: PageMeta;
  title: string;
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
}

export interface Leader {
  name: string;
  initials: string;
  position: string;
  bio: string;
  specialties: readonly string[];
}

/** What a service page's band holds, in order; the rarer kinds belong to one page each. */
export type ServiceBlock =
  | { kind: "features"; items: readonly FeatureCard[]; columns?: 3 | 4 }
  | { kind: "steps"; steps: readonly ProcessStep[] }
  | { kind: "checklist"; items: readonly string[]; columns?: 1 | 2 }
  | { kind: "notices"; notices: readonly Notice[] }
  | { kind: "licences"; licences: readonly LicenceType[] }
  | { kind: "note"; text: string; links: readonly ExternalLink[] }
  | { kind: "expertise"; groups: readonly BenefitGroup[] }
  | { kind: "formats"; formats: readonly ConsultationFormat[] }
  | { kind: "frameworks"; frameworks: readonly Framework[] }
  | { kind: "standards"; standards: readonly { title: string; description: string }[] }
  | { kind: "timelines"; timelines: readonly ProcessingTimeline[]; guide: NavLink };

interface ServiceSection {
  id: string;
  intro?: SectionIntro;
  title?: string;
  blocks: readonly ServiceBlock[];
}

/** A service page: hero, bands that alternate plain and muted, closing call to action. */
export interface ServicePageContent {
  meta: PageMeta;
  hero: PageHero;
  sections: readonly ServiceSection[];
  cta: CtaSection;
}
