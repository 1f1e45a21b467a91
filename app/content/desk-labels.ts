import { DEAL_SIZE_LABELS, INTEREST_LABELS, isDealSize, isInterest } from "./inquiry-options";
import { INQUIRY_STATUS_LABELS, isInquiryStatus } from "./inquiry-desk";

/** The one place the desk turns a stored value into words; a value no longer offered shows as stored. */

/** How a lead was answered outside the desk ("Marked as replied"). */
export const REPLY_CHANNEL_VALUES = ["email", "phone", "whatsapp", "meeting", "other"] as const;
type ReplyChannel = (typeof REPLY_CHANNEL_VALUES)[number];

const REPLY_CHANNEL_LABELS: Record<ReplyChannel, string> = {
  email: "Email",
  phone: "Phone",
  whatsapp: "WhatsApp",
  meeting: "Meeting",
  other: "Other",
};

/** The names of an inquiry's contact details, as the desk shows them. */
export const CONTACT_DETAIL_LABELS = {
  company: "Company",
  email: "Email",
  phone: "Phone",
  whatsapp: "WhatsApp",
  interest: "Interest",
  dealSize: "Deal size",
} as const;

function isReplyChannel(value: string): value is ReplyChannel {
  return (REPLY_CHANNEL_VALUES as readonly string[]).includes(value);
}

/** The label of one stored value of a kind. */
export const deskLabel = {
  interest: (value: string): string => (isInterest(value) ? INTEREST_LABELS[value] : value),
  dealSize: (value: string): string => (isDealSize(value) ? DEAL_SIZE_LABELS[value] : value),
  leadStatus: (value: string): string => (isInquiryStatus(value) ? INQUIRY_STATUS_LABELS[value] : value),
  replyChannel: (value: string): string => (isReplyChannel(value) ? REPLY_CHANNEL_LABELS[value] : value),
} as const;
