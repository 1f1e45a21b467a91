import type { ReactNode } from "react";
import { DEAL_SIZE_LABELS, INTEREST_LABELS, isDealSize, isInterest } from "~/content/inquiry-options";
import type { InboxItem } from "~/lib/inbox/inbox.server";
import { InboxIcon } from "./inbox-icons";

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div>
      <dt>
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The contact details of a card; options show their human labels. */
export function ContactLines({ item }: { item: InboxItem }) {
  const interest =
    item.interest && isInterest(item.interest) ? INTEREST_LABELS[item.interest] : item.interest;
  const dealSize =
    item.dealSize && isDealSize(item.dealSize) ? DEAL_SIZE_LABELS[item.dealSize] : item.dealSize;
  return (
    // Styled once in app.css (.contact-lines), not on each line of 25 cards.
    <dl className="contact-lines">
      {item.company ? (
        <Line icon={<InboxIcon name="building" />} label="Company">
          {item.company}
        </Line>
      ) : null}
      <Line icon={<InboxIcon name="mail" />} label="Email">
        {item.email}
      </Line>
      {item.phone ? (
        <Line icon={<InboxIcon name="phone" />} label="Phone">
          {item.phone}
        </Line>
      ) : null}
      {item.whatsapp ? (
        <Line icon={<InboxIcon name="message" />} label="WhatsApp">
          {item.whatsapp}
        </Line>
      ) : null}
      {interest ? (
        <Line icon={<InboxIcon name="handshake" />} label="Interest">
          {interest}
        </Line>
      ) : null}
      {dealSize ? (
        <Line icon={<InboxIcon name="wallet" />} label="Deal size">
          {dealSize}
        </Line>
      ) : null}
    </dl>
  );
}
