import { Building2, Handshake, Mail, MessageCircle, Phone, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { DEAL_SIZE_LABELS, INTEREST_LABELS, isDealSize, isInterest } from "~/content/inquiry-options";
import type { InboxItem } from "~/lib/inbox.server";

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <dt className="shrink-0 pt-0.5 text-stone-500">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const iconClass = "size-4";

/** The contact details of a card; options show their human labels. */
export function ContactLines({ item }: { item: InboxItem }) {
  const interest =
    item.interest && isInterest(item.interest) ? INTEREST_LABELS[item.interest] : item.interest;
  const dealSize =
    item.dealSize && isDealSize(item.dealSize) ? DEAL_SIZE_LABELS[item.dealSize] : item.dealSize;
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm text-stone-800 sm:grid-cols-2">
      {item.company ? (
        <Line icon={<Building2 aria-hidden="true" className={iconClass} />} label="Company">
          {item.company}
        </Line>
      ) : null}
      <Line icon={<Mail aria-hidden="true" className={iconClass} />} label="Email">
        {item.email}
      </Line>
      {item.phone ? (
        <Line icon={<Phone aria-hidden="true" className={iconClass} />} label="Phone">
          {item.phone}
        </Line>
      ) : null}
      {item.whatsapp ? (
        <Line icon={<MessageCircle aria-hidden="true" className={iconClass} />} label="WhatsApp">
          {item.whatsapp}
        </Line>
      ) : null}
      {interest ? (
        <Line icon={<Handshake aria-hidden="true" className={iconClass} />} label="Interest">
          {interest}
        </Line>
      ) : null}
      {dealSize ? (
        <Line icon={<Wallet aria-hidden="true" className={iconClass} />} label="Deal size">
          {dealSize}
        </Line>
      ) : null}
    </dl>
  );
}
