/** What the WhatsApp channel promises and allows: the code, the desk and docs/whatsapp.md read these. */
export const whatsAppLimits = {
  /** Largest webhook body read, in bytes (Meta batches a few messages per call; 1 MB is far above that). */
  webhookBodyBytes: 1024 * 1024,
  /** Meta's customer-service window: free text may be sent this long after the lead's last message. */
  serviceWindowHours: 24,
  /** Most characters of a free-text message (Meta's limit on a text body). */
  textChars: 4096,
  /** Most messages filed from one webhook call; the rest of a larger batch is logged and left. */
  messagesPerDelivery: 100,
  /** Graph API calls failing in a row (timeouts, Meta's own errors) before the channel is flagged; a 401 flags it at once. */
  failuresBeforeFlag: 5,
  /** A template as Meta's WhatsApp Manager takes it: its name, language code and body text. */
  templateNameChars: 512,
  templateBodyChars: 1024,
  /** Body parameters the desk keeps a label for ({{1}}…{{n}}). */
  templateParameters: 20,
} as const;
