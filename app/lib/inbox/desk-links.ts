/** The dashboard showing one inquiry (the `inquiry` filter). */
export function inquiryDashboardUrl(siteUrl: string, inquiryId: string): string {
  return `${siteUrl}/dashboard?inquiry=${encodeURIComponent(inquiryId)}`;
}
