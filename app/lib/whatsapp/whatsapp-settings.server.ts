import { z } from "zod";

/** Meta's Graph API, at the version the payload shapes in this folder were written against. */
export const META_GRAPH_URL = "https://graph.facebook.com/v23.0";

/** The four settings that together turn the channel on; one without the others is a mistake, not a choice. */
const WHATSAPP_REQUIRED = [
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_ACCESS_TOKEN",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_VERIFY_TOKEN",
] as const;

/** The WhatsApp Business Platform (Cloud API) settings, as fields of the one settings schema. */
export const whatsAppSettingFields = {
  /** The business number's id in Meta's app dashboard (digits), not the number itself. */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,30}$/, "expected the phone number id (digits)")
    .optional(),
  /** A system user's permanent token with whatsapp_business_messaging. */
  WHATSAPP_ACCESS_TOKEN: z.string().min(20, "expected at least 20 characters").optional(),
  /** The Meta app's secret: the key of X-Hub-Signature-256 on every webhook call. */
  WHATSAPP_APP_SECRET: z.string().min(16, "expected at least 16 characters").optional(),
  /** What the webhook's GET handshake must present as hub.verify_token. */
  WHATSAPP_VERIFY_TOKEN: z.string().min(16, "expected at least 16 characters").optional(),
  WHATSAPP_GRAPH_URL: z
    .url({ protocol: /^https?$/, error: "expected an http(s) URL" })
    .default(META_GRAPH_URL)
    .transform((value) => value.replace(/\/+$/, "")),
};

type WhatsAppSettingValues = z.infer<z.ZodObject<typeof whatsAppSettingFields>>;

/** The channel's settings in one object; null while it is off (the click-to-chat links stay the only way in). */
export interface WhatsAppChannel {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  graphUrl: string;
}

/** The settings a partial set lacks, each as a path and message for the one-line start failure. */
export function missingWhatsAppSettings(env: WhatsAppSettingValues): { path: string; message: string }[] {
  const given = WHATSAPP_REQUIRED.filter((name) => env[name] !== undefined);
  if (given.length === 0 || given.length === WHATSAPP_REQUIRED.length) return [];
  return WHATSAPP_REQUIRED.filter((name) => env[name] === undefined).map((name) => ({
    path: name,
    message: `required when ${given.join(", ")} ${given.length === 1 ? "is" : "are"} set`,
  }));
}

export function whatsAppChannelOf(env: WhatsAppSettingValues): WhatsAppChannel | null {
  const {
    WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: accessToken,
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_VERIFY_TOKEN: verifyToken,
  } = env;
  if (!phoneNumberId || !accessToken || !appSecret || !verifyToken) return null;
  return { phoneNumberId, accessToken, appSecret, verifyToken, graphUrl: env.WHATSAPP_GRAPH_URL };
}
