import {
  Building2,
  Check,
  Handshake,
  type LucideIcon,
  Mail,
  MailOpen,
  MessageCircle,
  Phone,
  ShieldAlert,
  ShieldCheck,
  Trash2,
  Wallet,
} from "lucide-react";

/** The icons of an inquiry card, drawn once per page in InboxIconSprite. */
const INBOX_ICONS = {
  building: Building2,
  check: Check,
  handshake: Handshake,
  mail: Mail,
  "mail-open": MailOpen,
  message: MessageCircle,
  phone: Phone,
  "shield-alert": ShieldAlert,
  "shield-check": ShieldCheck,
  trash: Trash2,
  wallet: Wallet,
} satisfies Record<string, LucideIcon>;

export type InboxIconName = keyof typeof INBOX_ICONS;

const symbolId = (name: InboxIconName) => `inbox-icon-${name}`;

/**
 * One <symbol> per icon, rendered once at the top of the inbox. Each card
 * then refers to them with <use>: a page of 25 cards carried about ten full
 * SVG icons per card (issue 14).
 */
export function InboxIconSprite() {
  return (
    <svg aria-hidden="true" className="absolute size-0 overflow-hidden">
      {(Object.entries(INBOX_ICONS) as [InboxIconName, LucideIcon][]).map(([name, Icon]) => (
        <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** A decorative icon from the sprite; its colour follows the text's. */
export function InboxIcon({ name, className = "size-4" }: { name: InboxIconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
