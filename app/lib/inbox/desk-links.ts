/** The dashboard showing one inquiry (the `inquiry` filter). */
export function inquiryDashboardUrl(siteUrl: string, inquiryId: string): string {
  return `${siteUrl}/dashboard?inquiry=${encodeURIComponent(inquiryId)}`;
}

/** The lead page, where the lead is answered and its follow-up set, moved and completed. */
export function leadPageUrl(siteUrl: string, inquiryId: string): string {
  return `${siteUrl}/dashboard/inquiries/${encodeURIComponent(inquiryId)}`;
}
