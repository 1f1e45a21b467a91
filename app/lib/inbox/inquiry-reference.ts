/** A short, quotable form of the id, e.g. VM-3F9A1C07 (pure: the list renders it from the id). */
export function formatInquiryReference(id: string): string {
  return `VM-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}
