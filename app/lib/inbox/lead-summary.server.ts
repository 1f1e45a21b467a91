import { contactSubmissions } from "../../../db/schema";
import type { LeadSummary } from "../mail/desk-mails.server";
import { formatInquiryReference } from "./inquiries.server";

/** What the desk's mails say of a lead: selected as these columns, turned into a summary below. */
export const leadSummaryColumns = {
  id: contactSubmissions.id,
  interest: contactSubmissions.interest,
  dealSize: contactSubmissions.deal_size,
  createdAt: contactSubmissions.created_at,
};

export interface LeadSummaryRow {
  id: string;
  interest: string | null;
  dealSize: string | null;
  createdAt: Date;
}

/** A selected lead as a mail lists it, linking to where the mail sends the admin. */
export function summariseLead(row: LeadSummaryRow, dashboardUrl: string): LeadSummary {
  return {
    reference: formatInquiryReference(row.id),
    interest: row.interest,
    dealSize: row.dealSize,
    createdAt: row.createdAt,
    dashboardUrl,
  };
}
