import type { ReactNode } from "react";
import { CONTACT_DETAIL_LABELS as LABELS, deskLabel } from "~/content/desk-labels";
import type { CssIconName } from "~/components/css-icons";

/**
 * The term shows as its icon (a CSS mask, see app/icons.css); its text is
 * moved out of its box, not hidden, so screen readers still say it.
 */
function Line({ icon, label, children }: { icon: CssIconName; label: string; children: ReactNode }) {
  return (
    <>
      <dt className={`icon-${icon}`}>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** What ContactLines shows: a card's fields (absent when empty) or a stored inquiry's (null). */
interface ContactDetails {
  email: string;
  company?: string | null;
  phone?: string | null;
  whatsapp?: string | null;
  interest?: string | null;
  dealSize?: string | null;
}

/** The contact details of a card; options show their human labels. */
export function ContactLines({ item }: { item: ContactDetails }) {
  const interest = item.interest ? deskLabel.interest(item.interest) : null;
  const dealSize = item.dealSize ? deskLabel.dealSize(item.dealSize) : null;
  return (
    // Styled once in app.css (.contact-lines), not on each line of 25 cards.
    <dl className="contact-lines">
      {item.company ? (
        <Line icon="building" label={LABELS.company}>
          {item.company}
        </Line>
      ) : null}
      <Line icon="mail" label={LABELS.email}>
        {item.email}
      </Line>
      {item.phone ? (
        <Line icon="phone" label={LABELS.phone}>
          {item.phone}
        </Line>
      ) : null}
      {item.whatsapp ? (
        <Line icon="message" label={LABELS.whatsapp}>
          {item.whatsapp}
        </Line>
      ) : null}
      {interest ? (
        <Line icon="handshake" label={LABELS.interest}>
          {interest}
        </Line>
      ) : null}
      {dealSize ? (
        <Line icon="wallet" label={LABELS.dealSize}>
          {dealSize}
        </Line>
      ) : null}
    </dl>
  );
}
