import { z } from "zod";
import { stripSingleLineControls } from "~/forms/single-line";

/**
 * Where a form inquiry's visit began (decision 053): hidden fields of the contact form, each named
 * after its contact_submissions column.
 */
export const VISIT_SOURCE_FIELDS = [
  "landing_page",
  "referrer_host",
  "utm_source",
  "utm_medium",
  "utm_campaign",
] as const;
type VisitSourceField = (typeof VISIT_SOURCE_FIELDS)[number];
export type VisitSource = Record<VisitSourceField, string | null>;

const VISIT_SOURCE_LIMITS = { landing_page: 200, referrer_host: 253, utm: 100 } as const;

export const EMPTY_VISIT_SOURCE = Object.fromEntries(
  VISIT_SOURCE_FIELDS.map((field) => [field, null]),
) as VisitSource;

/** A value that does not fit is dropped, never refused: a tampered one must not cost an inquiry. */
const lenient = (schema: z.ZodType<string | null>) =>
  z.preprocess((value) => (typeof value === "string" ? value : ""), schema).catch(null);

const text = (max: number) =>
  lenient(
    z
      .string()
      .overwrite(stripSingleLineControls)
      .trim()
      .transform((value) => (value === "" || value.length > max ? null : value)),
  );

/** A path on this site: no scheme or host, no query (which may hold anything) and no fragment. */
const landingPage = lenient(
  z
    .string()
    .trim()
    .transform((value) => {
      const path = value.split(/[?#]/, 1)[0] ?? "";
      return /^\/[\w\-./~%]*$/.test(path) &&
        !path.startsWith("//") &&
        path.length <= VISIT_SOURCE_LIMITS.landing_page
        ? path
        : null;
    }),
);

/** A host name only (the referring site, never its page). */
const host = lenient(
  z
    .string()
    .trim()
    .toLowerCase()
    .transform((value) =>
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/.test(value) &&
      value.length <= VISIT_SOURCE_LIMITS.referrer_host
        ? value
        : null,
    ),
);

const VisitSourceSchema = z.object({
  landing_page: landingPage,
  referrer_host: host,
  utm_source: text(VISIT_SOURCE_LIMITS.utm),
  utm_medium: text(VISIT_SOURCE_LIMITS.utm),
  utm_campaign: text(VISIT_SOURCE_LIMITS.utm),
});

/** The hidden fields of a submitted contact form; anything unusable becomes null. */
export function readVisitSource(form: FormData | URLSearchParams): VisitSource {
  const raw = Object.fromEntries(VISIT_SOURCE_FIELDS.map((field) => [field, form.get(field)]));
  return VisitSourceSchema.parse(raw);
}

/**
 * What the contact page's own request tells, without any script:
 * - arriving from another site (or with no Referer): the contact page is the
 *   landing page, and the other site is the referrer;
 * - arriving from a page of this site: that page stands for the landing page
 *   (exact for a visit of one page before the contact page), with its campaign.
 * The contact page's own utm_* parameters win over the previous page's.
 */
export function visitSourceFromRequest(
  url: URL,
  referer: string | null,
  siteHosts: readonly string[],
): VisitSource {
  let from: URL | null = null;
  try {
    from = referer ? new URL(referer) : null;
  } catch {
    from = null;
  }
  const sameSite = from !== null && (siteHosts.includes(from.host) || from.host === url.host);
  const utm = (name: string) =>
    url.searchParams.get(name) ?? (sameSite ? from?.searchParams.get(name) : null) ?? "";
  return readVisitSource(
    new URLSearchParams({
      landing_page: sameSite && from ? from.pathname : url.pathname,
      referrer_host: from && !sameSite && /^https?:$/.test(from.protocol) ? from.host : "",
      utm_source: utm("utm_source"),
      utm_medium: utm("utm_medium"),
      utm_campaign: utm("utm_campaign"),
    }),
  );
}
