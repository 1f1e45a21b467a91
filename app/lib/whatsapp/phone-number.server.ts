import libphonenumber from "google-libphonenumber";

const phoneUtil = libphonenumber.PhoneNumberUtil.getInstance();

/** Numbers typed without a country code are read as Ghanaian: the site's sellers and most of its leads are there. */
const DEFAULT_REGION = "GH";

/**
 * A number as E.164 digits without the "+" ("233201234567"), or null when it
 * is not a possible number. WhatsApp's wa_id is already in this form; a
 * number typed into the form ("020 123 4567", "+44 7700 900123") is read by
 * the phone library, so one person's two spellings compare equal.
 */
export function e164Digits(number: string | null | undefined, region = DEFAULT_REGION): string | null {
  if (!number) return null;
  const trimmed = number.trim().slice(0, 40);
  // A wa_id is digits with its country code, never a national number.
  const text = /^\d{8,15}$/.test(trimmed) && !trimmed.startsWith("0") ? `+${trimmed}` : trimmed;
  try {
    const parsed = phoneUtil.parseAndKeepRawInput(text, region);
    if (!phoneUtil.isPossibleNumber(parsed)) return null;
    return phoneUtil.format(parsed, libphonenumber.PhoneNumberFormat.E164).slice(1);
  } catch {
    return null;
  }
}

/** The national significant number of E.164 digits: what any spelling of the number contains. */
export function nationalDigits(e164: string): string {
  try {
    return phoneUtil.getNationalSignificantNumber(phoneUtil.parse(`+${e164}`));
  } catch {
    return e164;
  }
}
