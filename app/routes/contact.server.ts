import { browserLanguage } from "~/forms/browser-language";
import { data } from "react-router";
import type { Toast } from "~/lib/http/toast";
import { contactPage } from "~/content/contact";
import { INQUIRY_SENT_ID } from "~/components/inquiry-sent";
import { type ContactField, ContactFormSchema, type ContactInput, type ContactValues } from "~/forms/contact";
import { type FieldErrors, parseForm } from "~/forms/parse-form";
import { prefillContactValues } from "~/forms/contact-prefill";
import {
  EMPTY_VISIT_SOURCE,
  readVisitSource,
  type VisitSource,
  visitSourceFromRequest,
} from "~/forms/visit-source";
import { resolveAuthSecret } from "~/lib/auth/auth-secret.server";
import {
  FORM_TOKEN_FIELD,
  detectSpam,
  issueFormToken,
  looksLikeFormToken,
} from "~/lib/http/form-guard.server";
import { createInquiry, deriveSubmissionKey, hashFormToken } from "~/lib/inquiries/intake.server";
import { requestLogger } from "~/lib/ops/logger.server";
import { countStoredInquiry } from "~/lib/ops/metrics.server";
import { type RateLimit, consumeRateLimit } from "~/lib/http/rate-limit.server";
import { dataWithToast, redirectWithToast } from "~/lib/http/toast.server";
import { clientIpGroup } from "~/lib/http/client-ip-group.server";
import { type AppContext, clientIpContext, databaseContext, envContext } from "~/lib/context.server";
import { retryAfter } from "~/lib/http/response-headers.server";
import { findPublishedItem } from "~/lib/catalogue/catalogue.server";
import type { Db } from "~/lib/db/db.server";

/** Binds form tokens to this form. */
export const CONTACT_FORM_PURPOSE = "contact";

export interface ContactConfig {
  /** Submissions per client IP, or null for no limit (CONTACT_RATE_LIMIT). */
  rateLimit: RateLimit | null;
  /** ACK_EMAILS. */
  acknowledge: boolean;
  adminEmails: readonly string[];
  siteUrl: string;
  /** WEBHOOK_URL: told about each new genuine inquiry. */
  webhookUrl?: string;
  /** Signs the form token. */
  secret: string;
  minFillMs: number;
  /** The address the site's mail (the desk's replies) comes from: MAIL_FROM without its name. */
  replyFrom: string;
}

/** The form's settings, from the configuration in the context. */
export function getContactConfig(context: AppContext): ContactConfig {
  const env = context.get(envContext);
  return {
    rateLimit: env.CONTACT_RATE_LIMIT,
    acknowledge: env.ACK_EMAILS,
    adminEmails: env.ADMIN_EMAILS,
    siteUrl: env.SITE_URL,
    webhookUrl: env.WEBHOOK_URL,
    secret: resolveAuthSecret(env),
    minFillMs: env.CONTACT_MIN_FILL_SECONDS * 1000,
    replyFrom: mailAddressOf(env.MAIL_FROM),
  };
}

/** "Name <address>" → "address"; a bare address as it is. */
function mailAddressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

interface InquiryFormData<Values> {
  values: Values;
  formToken: string;
  /** Where the visit began, for the form's hidden fields (decision 053). */
  visit: VisitSource;
}

type ContactFormData = InquiryFormData<ContactValues>;

export interface InquiryActionData<Values, Field extends string> extends InquiryFormData<Values> {
  fieldErrors: FieldErrors<Field>;
  /** A problem with the submission as a whole (e.g. the rate limit). */
  formError?: string;
  toast?: Toast;
}

export type ContactActionData = InquiryActionData<ContactValues, ContactField>;

/**
 * A form that sends an inquiry: how it is read, and where a sent one lands.
 * Every such form goes through the one intake below (rate limit, bot traps,
 * one store per submission, acknowledgement and the reply promise).
 */
export interface InquiryFormIntake<Values, Field extends string> {
  parse(formData: FormData):
    | {
        ok: true;
        values: Values;
        input: ContactInput;
        onStored?: (tx: Db, inquiryId: string) => Promise<void>;
        /** Added to the confirmation toast (a request's estimate). */
        note?: string;
      }
    | { ok: false; values: Values; fieldErrors: FieldErrors<Field> };
  /** Where a sent inquiry redirects, before the confirmation's fragment. */
  sentPath: string;
}

const CONTACT_INTAKE: InquiryFormIntake<ContactValues, ContactField> = {
  parse(formData) {
    const validation = parseForm(ContactFormSchema, formData);
    return validation.ok
      ? { ok: true, values: validation.values, input: validation.data }
      : { ok: false, values: validation.values, fieldErrors: validation.fieldErrors };
  },
  sentPath: "/contact",
};

const SUCCESS_TOAST: Toast = { ...contactPage.form.success, variant: "default" };
const FAILURE_TOAST: Toast = { ...contactPage.form.error, variant: "destructive" };
/** The contact form's WhatsApp box (app/components/inquiry-form.tsx), outside the echoed text fields. */
const WHATSAPP_OPT_IN_FIELD = "whatsapp_opt_in";

export const RATE_LIMIT_MESSAGE =
  "You have sent several inquiries in a short time. Please wait a while and try again, or call or WhatsApp us instead.";

/** The page's initial state: prefilled values, a freshly signed form token, and where replies come from. */
export async function loadContactForm(
  request: Request,
  config: ContactConfig,
  db: Db,
): Promise<ContactFormData & { replyFrom: string }> {
  const url = new URL(request.url);
  const equipmentId = url.searchParams.get("equipment");
  const item = equipmentId ? await findPublishedItem(db, equipmentId.slice(0, 200)) : null;
  return {
    values: prefillContactValues(url.searchParams, item ? [item] : []),
    ...startInquiryForm(request, config),
  };
}

/** What any inquiry form starts with: a freshly signed token, where the visit began, where replies come from. */
export function startInquiryForm(
  request: Request,
  config: ContactConfig,
): Omit<InquiryFormData<never>, "values"> & { replyFrom: string } {
  return {
    formToken: issueFormToken(config.secret, CONTACT_FORM_PURPOSE),
    visit: visitSourceFromRequest(new URL(request.url), request.headers.get("referer"), [
      new URL(config.siteUrl).host,
    ]),
    replyFrom: config.replyFrom,
  };
}

/**
 * Keeps the token the page was rendered with across a failed attempt, so
 * the fill time counts from when the visitor first opened the form.
 */
function keepFormToken(formData: FormData | null, config: ContactConfig): string {
  const submitted = formData?.get(FORM_TOKEN_FIELD);
  if (looksLikeFormToken(submitted)) return submitted;
  return issueFormToken(config.secret, CONTACT_FORM_PURPOSE);
}

/**
 * The contact route's action: validate, rate-limit, store (with the mail,
 * in one transaction), then Post/Redirect/Get with the success toast.
 */
export function handleContactSubmission(
  context: AppContext,
  request: Request,
  config = getContactConfig(context),
) {
  return handleInquirySubmission(context, request, CONTACT_INTAKE, config);
}

/** Any inquiry form's action, as the contact form's: `intake` says how to read it. */
export async function handleInquirySubmission<Values, Field extends string>(
  context: AppContext,
  request: Request,
  intake: InquiryFormIntake<Values, Field>,
  config = getContactConfig(context),
) {
  type ActionData = InquiryActionData<Values, Field>;
  const { db } = context.get(databaseContext);
  let formData: FormData | null = null;
  try {
    formData = await request.formData();
  } catch {
    // A body that is not a form is treated as an empty submission.
  }
  const validation = intake.parse(formData ?? new FormData());
  const { values } = validation;
  const formToken = keepFormToken(formData, config);
  // Kept through a failed attempt; an unusable value is dropped, never an error.
  const visit = formData ? readVisitSource(formData) : EMPTY_VISIT_SOURCE;
  if (!validation.ok) {
    return data<ActionData>(
      { values, formToken, visit, fieldErrors: validation.fieldErrors },
      { status: 400 },
    );
  }

  let inquiry: Awaited<ReturnType<typeof createInquiry>>;
  try {
    if (config.rateLimit) {
      const client = clientIpGroup(context.get(clientIpContext));
      const limit = await consumeRateLimit(db, `contact:${client}`, config.rateLimit);
      if (!limit.allowed) {
        return data<ActionData>(
          { values, formToken, visit, fieldErrors: {}, formError: RATE_LIMIT_MESSAGE },
          { status: 429, headers: retryAfter(context, limit.retryAfterSeconds) },
        );
      }
    }
    const spamReason = formData
      ? detectSpam(formData, {
          secret: config.secret,
          purpose: CONTACT_FORM_PURPOSE,
          minFillMs: config.minFillMs,
        })
      : "missing-token";
    const submittedToken = formData?.get(FORM_TOKEN_FIELD);
    // Speed alone is no proof (autofill, a fast typist): held for an admin to judge,
    // where a filled honeypot or a forged or missing token is spam.
    const held = spamReason === "too-fast";
    inquiry = await createInquiry(db, validation.input, {
      isSpam: spamReason !== null && !held,
      held,
      acknowledge: config.acknowledge,
      adminEmails: config.adminEmails,
      siteUrl: config.siteUrl,
      webhookUrl: config.webhookUrl,
      onStored: validation.onStored,
      visitSource: visit,
      whatsAppOptIn: formData?.get(WHATSAPP_OPT_IN_FIELD) === "yes",
      browserLanguage: browserLanguage(request.headers.get("accept-language")),
      submissionKey: deriveSubmissionKey(
        typeof submittedToken === "string" ? submittedToken : "",
        validation.input,
      ),
      // Only a genuine token binds (a fast one is genuine): a forged or missing one is spam already.
      formTokenHash:
        (spamReason === null || held) && typeof submittedToken === "string"
          ? hashFormToken(submittedToken)
          : null,
    });
    if (!inquiry.duplicate) countStoredInquiry(spamReason !== null);
    requestLogger(context).info(
      { inquiryId: inquiry.id, spam: held ? null : spamReason, held, duplicate: inquiry.duplicate },
      inquiry.duplicate ? "inquiry already stored" : "inquiry stored",
    );
  } catch (error) {
    requestLogger(context).error({ err: error }, "inquiry could not be stored");
    return dataWithToast<ActionData>({ values, formToken, visit, fieldErrors: {} }, FAILURE_TOAST, {
      status: 503,
      headers: retryAfter(context, 5),
    });
  }
  // 303: the browser follows with a GET, so a reload cannot resubmit. The signed flash carries
  // the reference to the confirmation; the fragment takes the reader (and focus) to it.
  return redirectWithToast(
    context,
    `${intake.sentPath}#${INQUIRY_SENT_ID}`,
    {
      ...SUCCESS_TOAST,
      ...(validation.note && { description: `${validation.note} ${SUCCESS_TOAST.description ?? ""}`.trim() }),
      reference: inquiry.reference,
    },
    { status: 303 },
  );
}
