/** How each channel a lead came in on (contact_submissions.source) reads on the desk and in the reports. */
export const LEAD_CHANNEL_LABELS: Record<string, string> = {
  form: "Contact form",
  email: "E-mail",
  whatsapp: "WhatsApp",
};
