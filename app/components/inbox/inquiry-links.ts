import { company } from "~/content/company";
import { deskLabel } from "~/content/desk-labels";

/** A reply that names what the visitor asked about. */
export function replyMailto(inquiry: { email: string; interest?: string | null }): string {
  const topic = inquiry.interest ? `${deskLabel.interest(inquiry.interest)} ` : "";
  const subject = `Re: your ${topic}inquiry to ${company.brandName}`;
  // Encoded so an address can never add its own query (cc=, body=); @ stays readable.
  const to = encodeURIComponent(inquiry.email).replaceAll("%40", "@");
  return `mailto:${to}?subject=${encodeURIComponent(subject)}`;
}

/** wa.me wants the international number as digits only; null when none are left. */
export function whatsappChatUrl(whatsapp: string | null | undefined): string | null {
  const digits = (whatsapp ?? "").replace(/\D/g, "");
  return digits ? `https://wa.me/${digits}` : null;
}

/** A tap-to-call link: the number as typed, down to its digits and a leading +; null when no digit is left. */
export function telHref(phone: string | null | undefined): string | null {
  const trimmed = (phone ?? "").trim();
  const digits = trimmed.replace(/\D/g, "");
  if (!digits) return null;
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}

/** The current view's URL with one parameter set or removed (edit, delete...). */
export function withSearchParam(
  location: { pathname: string; search: string },
  name: string,
  value: string | null,
): string {
  const params = new URLSearchParams(location.search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const query = params.toString();
  return query ? `${location.pathname}?${query}` : location.pathname;
}
