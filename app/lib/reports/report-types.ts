import { INTEREST_VALUES } from "~/content/inquiry-options";
import type { InquiryStatus } from "~/content/inquiry-desk";

/** The shape of the reports' figures, shared by the server that computes them and the page that draws them. */

/** The stacks of the volume chart: each interest, then inquiries without one (mail, older forms). */
export const INTEREST_SERIES = [...INTEREST_VALUES, "not-given"] as const;
export type InterestSeries = (typeof INTEREST_SERIES)[number];

export interface WeekVolume {
  week: string;
  byInterest: Record<InterestSeries, number>;
  total: number;
  spam: number;
  held: number;
}

export interface WeekResponse {
  week: string;
  messages: number;
  answered: number;
  /** Hours, or null when nothing was answered that week. */
  medianHours: number | null;
  p90Hours: number | null;
  due: number;
  withinPromise: number;
  /** withinPromise / due, 0…1; null when nothing was due. */
  shareWithinPromise: number | null;
}

export const FUNNEL_STAGES = ["received", "contacted", "qualified", "won"] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

export interface Report {
  weeks: { key: string; start: string; end: string }[];
  volume: WeekVolume[];
  responses: WeekResponse[];
  pipeline: {
    statuses: { status: InquiryStatus; count: number }[];
    /** Leads that reached each stage or went beyond it; lost ones count as far as they got. */
    funnel: { stage: FunnelStage; count: number; shareOfReceived: number | null }[];
    lostReasons: { label: string; count: number }[];
  };
  sources: {
    channels: { label: string; count: number }[];
    landingPages: { label: string; count: number }[];
    referrers: { label: string; count: number }[];
    campaigns: { source: string; medium: string; campaign: string; count: number }[];
  };
}

export const NOT_KNOWN = "Not known";
export const NO_REASON = "No reason given";
