import { useState } from "react";
import { DeskSection } from "~/components/desk-page";
import {
  data,
  Form,
  href,
  Link,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { ContactLines } from "~/components/inbox/contact-lines";
import { InquiryDeletedNotice } from "~/components/inbox/inquiry-deleted-notice";
import { FollowUpSection } from "~/components/inbox/follow-up-section";
import { ReplySection } from "~/components/inbox/reply-section";
import { formatWhen, InquiryTimeline } from "~/components/inbox/inquiry-timeline";
import { InquiryConversation } from "~/components/inbox/inquiry-conversation";
import { WhatsAppReplySection } from "~/components/inbox/whatsapp-reply-section";
import { LIVE_REFRESH_PARAM, useLiveInboxData } from "~/components/inbox/use-inbox-events";
import { errorToast, Toaster } from "~/components/toast";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { LOST_REASON_MAX_LENGTH } from "~/content/inquiry-desk";
import { AdminOptions, StatusOptions } from "~/components/inbox/status-options";
import { type InquiryIntent, InquiryActionSchema } from "~/forms/inquiry-desk";
import { type FieldErrors, parseForm } from "~/forms/parse-form";
import { databaseContext, envContext } from "~/lib/context.server";
import { readFormData } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { runInquiryAction } from "~/lib/inquiries/inquiry-actions.server";
import { NoMailAddressError, ReplyPlaceholderError } from "~/lib/inquiries/replies.server";
import { LostReasonRequiredError } from "~/lib/inquiries/changes.server";
import { replyDeadline, replyState, waitingSince } from "~/lib/inquiries/inquiry";
import { logFailure } from "~/lib/ops/failure-reference.server";
import { logger } from "~/lib/ops/logger.server";
import type { Route } from "./+types/dashboard.inquiries.detail";
import { applyDeskAction, inquiryPageOutcome, loadInquiry } from "~/routes/dashboard.inquiries.detail.server";
import { isInquiryPageIntent, InquiryPageActionSchema, type InquiryPageIntent } from "~/forms/inquiry-page";
import { incomingMethod } from "~/lib/http/incoming-method.server";
import { InquiryActions, ReadState } from "~/components/inbox/inquiry-page-actions";
import { InquiryNotes } from "~/components/inbox/inquiry-notes";
import { deskLabel } from "~/content/desk-labels";
import { KycSection } from "~/components/inbox/kyc-section";
import { loadDeskKyc } from "~/lib/kyc/desk-kyc.server";
import { SanctionsBadge, SanctionsSection } from "~/components/inbox/sanctions-section";
import { InquiryBlockedError, loadInquirySanctions } from "~/lib/sanctions/decisions.server";
import { LicenceBadge, LicenceChecksSection } from "~/components/inbox/licence-checks-section";
import { londonDate } from "~/lib/uk-time";
import { loadInquiryLicenceChecks } from "~/lib/licences/licence-checks.server";

export const handle = { hydrate: true };

/** The composer's saves as you type change nothing this page shows: no reload for them. */
export function shouldRevalidate({
  formAction,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction?.endsWith("/draft") && formData?.get("auto") === "1") return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData && "reference" in loaderData
        ? `Inquiry ${loaderData.reference} – Dashboard`
        : "Inquiry – Dashboard",
  },
  { name: "robots", content: "noindex" },
];

const IdSchema = z.uuid();

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const id = IdSchema.safeParse(params.id);
  if (!id.success) throw data("Not found", { status: 404 });
  const searchParams = new URL(request.url).searchParams;
  const database = context.get(databaseContext);
  const inquiry = await loadInquiry(database.db, {
    id: id.data,
    viewerId: user.id,
    viewerName: user.name,
    templateId: searchParams.get("template"),
    whatsAppOn: context.get(envContext).WHATSAPP !== null,
    // Just marked unread, a background refresh, or the page drawn after a posted form: not an opening.
    keepUnread:
      incomingMethod(context) !== "GET" ||
      searchParams.get("keep") === "unread" ||
      searchParams.has(LIVE_REFRESH_PARAM),
  });
  // Data, not a thrown error: the live refresh of an open page reads it as "deleted".
  if (!inquiry) return data({ deleted: true as const, now: Date.now() }, { status: 404 });
  const today = londonDate(new Date());
  const [kyc, sanctions, licences] = await Promise.all([
    loadDeskKyc(database.db, id.data),
    loadInquirySanctions(database.db, id.data),
    loadInquiryLicenceChecks(database.db, id.data, today),
  ]);
  return { ...inquiry, kyc, sanctions, licences, today, viewerId: user.id, now: Date.now() };
}

const DONE: Record<InquiryIntent, string> = {
  "set-status": "Status updated",
  assign: "Owner updated",
  take: "You own this inquiry",
  reply: "Reply sent",
  "mark-replied": "Marked as replied",
  "confirm-message": "Message confirmed as the sender's",
};

function failure(
  description: string,
  status: number,
  intent: string,
  fieldErrors: FieldErrors = {},
  /** What the refused form held, for the page drawn without JavaScript to show it again. */
  kept: Record<string, string> = {},
) {
  return data({ toast: errorToast(description), fieldErrors, intent, kept }, { status });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  if (isInquiryPageIntent(intent)) {
    const page = parseForm(InquiryPageActionSchema, formData);
    if (!page.ok) return failure(page.first, 400, intent, page.fieldErrors);
    if (page.data.id !== params.id) return failure("This inquiry no longer exists.", 404, intent);
    const failed = await runInquiryAction(context, page.data, user.id);
    if (failed) return failure(failed.description, failed.status, intent);
    const done = inquiryPageOutcome(page.data);
    return redirectWithToast(context, done.to, { title: done.title });
  }
  const kept: Record<string, string> =
    intent === "set-status"
      ? { status: String(formData.get("status") ?? ""), lostReason: String(formData.get("lostReason") ?? "") }
      : {};
  const parsed = parseForm(InquiryActionSchema, formData);
  if (!parsed.ok) return failure(parsed.first, 400, intent, parsed.fieldErrors, kept);
  if (parsed.data.id !== params.id) return failure("This inquiry no longer exists.", 404, intent);
  let outcome;
  try {
    outcome = await applyDeskAction(
      context.get(databaseContext).db,
      parsed.data,
      user,
      context.get(envContext).SITE_URL,
    );
  } catch (error) {
    if (error instanceof LostReasonRequiredError) {
      return failure(error.message, 400, intent, { lostReason: "Say why the lead was lost." }, kept);
    }
    if (error instanceof InquiryBlockedError || error instanceof NoMailAddressError) {
      return failure(error.message, 409, intent);
    }
    if (error instanceof ReplyPlaceholderError) {
      return failure(error.message, 400, intent, { body: error.message });
    }
    return failure(logFailure(error, "inquiry action failed", { intent }), 500, intent);
  }
  if (outcome === "not-found") return failure("This inquiry no longer exists.", 404, intent);
  if (outcome === "not-an-admin") {
    return failure("Only admins can own inquiries.", 400, intent, { assigneeId: "Choose an admin." });
  }
  logger.info({ intent, inquiryId: parsed.data.id, adminId: user.id }, "inquiry action");
  const title =
    outcome === "unchanged" && parsed.data.intent !== "mark-replied"
      ? "Nothing changed"
      : DONE[parsed.data.intent];
  return redirectWithToast(context, href("/dashboard/inquiries/:id", { id: parsed.data.id }), { title });
}

const STATE_BADGE = { overdue: "Overdue", "due-soon": "Due soon" } as const;

type InquiryData = Exclude<Awaited<ReturnType<typeof loader>>, { data: unknown }>;

/**
 * Forms are keyed by what they show, so another admin's change remounts only the form it concerns; the
 * composer only after the viewer's own reply. A deletion keeps the last state on screen under a notice.
 */
export default function InquiryPage() {
  const live = useLiveInboxData(useLoaderData<typeof loader>());
  const [last, setLast] = useState<InquiryData | null>("item" in live ? live : null);
  if ("item" in live && live !== last) setLast(live);
  const inquiry = "item" in live ? live : last;
  if (!inquiry) {
    return (
      <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-12">
        <InquiryDeletedNotice live={false} />
        <p>
          <Link to={href("/dashboard")} className="text-sm font-semibold text-accent-strong underline">
            Back to the inbox
          </Link>
        </p>
      </main>
    );
  }
  return <InquiryView inquiry={inquiry} deleted={!("item" in live)} />;
}

function InquiryView({ inquiry, deleted }: { inquiry: InquiryData; deleted: boolean }) {
  const { item, reference, timeline, replies, messages, admins, draft, viewerId, now } = inquiry;
  const { notesVersions, openedAsRead, sanctions, licences, today } = inquiry;
  const ownReplies = replies.filter((reply) => reply.sentById === viewerId).length;
  const result = useActionData<typeof action>();
  const errors: FieldErrors = result?.fieldErrors ?? {};
  const errorFor = (intent: InquiryIntent | InquiryPageIntent, name: string) =>
    result?.intent === intent ? errors[name] : undefined;
  const keptStatus = result?.intent === "set-status" ? result.kept : undefined;
  const state = replyState(item, new Date(now));
  const badge = state === "overdue" || state === "due-soon" ? STATE_BADGE[state] : null;
  const waiting = state === "answered" || state === "not-awaiting" ? null : waitingSince(item);

  return (
    <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-4 sm:py-8">
      {/* The reply box is one tap away on a phone, where it is screens below (workspace.css scrolls it clear of the bar). */}
      <p className="flex flex-wrap items-center justify-between gap-2">
        <Link to={href("/dashboard")} className="text-sm font-semibold text-accent-strong underline">
          Back to the inbox
        </Link>
        <a href="#reply-heading" className={buttonVariants({ variant: "secondary", size: "small" })}>
          Reply
        </a>
      </p>
      {deleted ? <InquiryDeletedNotice live /> : null}
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-ink">{item.name}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <span>Reference {reference}</span>
          <span>· Received {formatWhen(item.createdAt)}</span>
          <Badge tone="neutral">{deskLabel.leadStatus(item.status)}</Badge>
          {badge ? (
            <span
              data-testid="reply-state"
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                state === "overdue" ? "bg-danger-wash text-danger-strong" : "bg-accent-wash text-accent-deep"
              }`}
            >
              {badge}
            </span>
          ) : null}
          {item.readAt ? null : <Badge tone="gold">Unread</Badge>}
          {item.isSpam ? <Badge tone="dark">Spam</Badge> : null}
          <SanctionsBadge status={sanctions.status} />
          <LicenceBadge verified={licences.verified} />
        </p>
        {waiting !== null ? (
          <p className="text-sm text-ink-muted" data-testid="awaiting-reply">
            Awaiting reply since {formatWhen(waiting)} · reply due by {formatWhen(replyDeadline(waiting))}
          </p>
        ) : null}
        <p className="text-sm text-ink-muted" data-testid="owner">
          Owner: {item.assignedToName ?? (item.assignedTo ? "a former admin" : "Unassigned")}
        </p>
        <ReadState item={item} openedAsRead={openedAsRead} />
        <InquiryActions item={item} />
      </header>

      <SanctionsSection inquiryId={item.id} sanctions={sanctions} />
      <LicenceChecksSection inquiryId={item.id} licences={licences} today={today} />

      <DeskSection id="message-heading" title="Message">
        <ContactLines item={item} />
        <p className="rounded-lg border border-line-soft p-4 text-sm whitespace-pre-wrap">{item.message}</p>
      </DeskSection>

      <DeskSection id="conversation-heading" title="Conversation">
        <p className="text-sm text-ink-muted" data-testid="last-message-by">
          {item.lastMessageBy === "desk" ? "Last message: ours" : "Last message: theirs"}
        </p>
        <InquiryConversation
          inquiry={item}
          replies={replies}
          messages={messages}
          whatsapp={inquiry.whatsapp.messages}
        />
      </DeskSection>
      {item.email ? (
        <ReplySection
          item={item}
          draft={draft}
          freshDraft={inquiry.freshDraft}
          draftSavedAt={inquiry.draftSavedAt}
          templates={inquiry.templates}
          composerKey={`${inquiry.templateId ?? "none"}:${ownReplies}`}
          errorFor={(name) => errorFor("reply", name)}
        />
      ) : null}
      {inquiry.whatsapp.thread ? (
        <WhatsAppReplySection
          inquiryId={item.id}
          thread={inquiry.whatsapp.thread}
          templates={inquiry.whatsapp.templates}
          health={inquiry.whatsapp.health}
          now={now}
        />
      ) : null}
      <InquiryNotes item={item} error={errorFor("save-notes", "notes")} />
      <KycSection inquiryId={item.id} kyc={inquiry.kyc} />

      <DeskSection id="status-heading" title="Status">
        {/* Keyed by the stored values: after a change, the controls show what is stored. */}
        <Form
          method="post"
          key={`${item.status}:${item.lostReason ?? ""}`}
          className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
        >
          <input type="hidden" name="id" value={item.id} />
          <Field label="Lead status" name="status" error={errorFor("set-status", "status")}>
            {(control) => (
              <Select {...control} defaultValue={keptStatus?.status || item.status}>
                <StatusOptions />
              </Select>
            )}
          </Field>
          <Field label="Reason (if lost)" name="lostReason" error={errorFor("set-status", "lostReason")}>
            {(control) => (
              <Input
                {...control}
                defaultValue={keptStatus?.lostReason ?? item.lostReason ?? ""}
                maxLength={LOST_REASON_MAX_LENGTH}
              />
            )}
          </Field>
          <Button type="submit" name="intent" value="set-status">
            Set status
          </Button>
        </Form>
      </DeskSection>

      <DeskSection id="owner-heading" title="Owner">
        <Form
          method="post"
          key={item.assignedTo ?? "nobody"}
          className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <input type="hidden" name="id" value={item.id} />
          <Field label="Assign to" name="assigneeId" error={errorFor("assign", "assigneeId")}>
            {(control) => (
              <Select {...control} defaultValue={item.assignedTo ?? ""}>
                <option value="">Nobody (unassigned)</option>
                <AdminOptions admins={admins} />
              </Select>
            )}
          </Field>
          <Button type="submit" name="intent" value="assign" variant="secondary">
            Assign
          </Button>
        </Form>
        {item.assignedTo !== viewerId ? (
          <Form method="post">
            <input type="hidden" name="id" value={item.id} />
            <Button type="submit" name="intent" value="take" variant="secondary">
              Take it
            </Button>
          </Form>
        ) : null}
      </DeskSection>

      <FollowUpSection
        inquiryId={item.id}
        followUp={inquiry.followUp}
        admins={admins}
        viewerId={viewerId}
        now={now}
      />

      <DeskSection id="timeline-heading" title="Timeline">
        <InquiryTimeline entries={timeline} admins={admins} notesVersions={notesVersions} />
      </DeskSection>
      <Toaster toast={result?.toast} />
    </main>
  );
}
