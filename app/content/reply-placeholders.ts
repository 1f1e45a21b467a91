/**
 * The named placeholders a reply template may use, and what each becomes
 * when the template is inserted into a draft for a lead. A template that
 * names any other is refused on save: a typo would otherwise reach a
 * customer as "{{nmae}}".
 */
export const REPLY_PLACEHOLDERS = {
  name: "The lead's first name",
  fullName: "The lead's full name",
  company: "The lead's company (empty when not given)",
  reference: "The inquiry's reference, e.g. VM-1E90216D",
  sender: "Your name",
  brand: "The company's name",
} as const;

export type ReplyPlaceholderName = keyof typeof REPLY_PLACEHOLDERS;

export const REPLY_PLACEHOLDER_NAMES = Object.keys(REPLY_PLACEHOLDERS) as ReplyPlaceholderName[];

export const REPLY_TEMPLATE_LIMITS = { name: 80, subject: 200, body: 10_000 } as const;
