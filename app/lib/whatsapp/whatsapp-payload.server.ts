/* Meta's webhook shapes for the "messages" field: only what the desk reads is named; anything else passes untouched. */
import { z } from "zod";

const mediaSchema = z.object({
  id: z.string().max(200),
  mime_type: z.string().max(255).optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
});

/** One message as Meta sends it; a type this schema does not know is still a message (shown as such). */
export const incomingMessageSchema = z.object({
  id: z.string().min(1).max(255),
  /** The sender's number (digits); absent when the user hides it behind a username. */
  from: z.string().max(40).optional(),
  /** The business-scoped user id. */
  from_user_id: z.string().max(200).optional(),
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string().max(40),
  text: z.object({ body: z.string() }).optional(),
  image: mediaSchema.optional(),
  document: mediaSchema.optional(),
  audio: mediaSchema.optional(),
  video: mediaSchema.optional(),
  sticker: mediaSchema.optional(),
});
export type IncomingMessage = z.infer<typeof incomingMessageSchema>;

export const statusSchema = z.object({
  id: z.string().min(1).max(255),
  status: z.string().max(40),
  timestamp: z.string().regex(/^\d{1,12}$/),
  errors: z
    .array(z.object({ code: z.number().int(), title: z.string().max(500).optional() }))
    .max(20)
    .optional(),
});

const contactSchema = z.object({
  wa_id: z.string().max(40).optional(),
  user_id: z.string().max(200).optional(),
  profile: z.object({ name: z.string().optional() }).optional(),
});
export type IncomingContact = z.infer<typeof contactSchema>;

/** Messages and statuses are checked one by one later: one that does not fit never holds up the others. */
const valueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string().max(40) }).optional(),
  contacts: z.array(contactSchema).max(1000).optional(),
  messages: z.array(z.unknown()).max(1000).optional(),
  statuses: z.array(z.unknown()).max(1000).optional(),
});

const deliverySchema = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        changes: z.array(z.object({ field: z.string(), value: z.unknown() })).max(100),
      }),
    )
    .max(100),
});

export interface DeliveryParts {
  /** Each message with the contact Meta sent beside it, for the number our channel received it on. */
  messages: { message: unknown; contacts: IncomingContact[]; phoneNumberId: string | null }[];
  statuses: unknown[];
}

/** The messages and statuses of one webhook body; throws on a body that is not Meta's envelope at all. */
export function partsOfDelivery(body: string): DeliveryParts {
  const delivery = deliverySchema.parse(JSON.parse(body));
  const parts: DeliveryParts = { messages: [], statuses: [] };
  for (const entry of delivery.entry) {
    for (const change of entry.changes) {
      if (change.field !== "messages") continue;
      const value = valueSchema.safeParse(change.value);
      if (!value.success) continue;
      const { contacts = [], messages = [], statuses = [], metadata } = value.data;
      for (const message of messages) {
        parts.messages.push({ message, contacts, phoneNumberId: metadata?.phone_number_id ?? null });
      }
      parts.statuses.push(...statuses);
    }
  }
  return parts;
}
