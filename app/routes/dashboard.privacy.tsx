import { data, Form, href, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { TextField } from "~/components/form-fields";
import { errorToast, Toaster } from "~/components/toast";
import { Button, buttonVariants } from "~/components/ui/button";
import { DeskPage } from "~/components/desk-page";
import { brandTitle } from "~/content/company";
import { constraintsOf, type FieldErrors, parseForm } from "~/forms/parse-form";
import { EraseRequestSchema, RightsRequestSchema } from "~/forms/privacy";
import { readFormData } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { logger } from "~/lib/ops/logger.server";
import {
  countPersonalData,
  erasePersonalData,
  findPersonalData,
  keptAfterErasure,
  normalizeEmail,
  PERSONAL_DATA_LABELS,
  storageDirsOf,
} from "~/lib/privacy/personal-data.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import type { Route } from "./+types/dashboard.privacy";
import { databaseContext } from "~/lib/context.server";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Privacy requests") },
  { name: "robots", content: "noindex" },
];

/** What the page lists in detail; every declared part is counted. */
interface Shown {
  inquiries: {
    id: string;
    name: string;
    company: string | null;
    created_at: Date;
    is_spam: boolean;
    message: string;
    admin_notes: string | null;
  }[];
  account: { name: string; email: string; createdAt: Date }[];
  accountActivity: { lastSignInAt: Date | null }[];
  roles: { role: string }[];
  sessions: { createdAt: Date; expiresAt: Date; ipAddress: string | null; userAgent: string | null }[];
  mail: { createdAt: Date; subject: string; to: string[]; sentAt: Date | null; failedAt: Date | null }[];
}

const pageUrl = (email: string) =>
  `${href("/dashboard/privacy")}?${new URLSearchParams({ email }).toString()}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const params = new URL(request.url).searchParams;
  const noErrors: FieldErrors<"email"> = {};
  // The declared parts, in order: the page counts every one.
  const nothing = { found: null, confirming: false, labels: PERSONAL_DATA_LABELS };
  if ((params.get("email") ?? "").trim() === "") return { email: "", fieldErrors: noErrors, ...nothing };
  const parsed = parseForm(RightsRequestSchema, params);
  if (!parsed.ok) {
    return data({ email: parsed.values.email, fieldErrors: parsed.fieldErrors, ...nothing }, { status: 400 });
  }
  const found = await findPersonalData(
    context.get(databaseContext).db,
    parsed.data.email,
    "all",
    storageDirsOf(context),
  );
  const counts = countPersonalData(found);
  const kept = await keptAfterErasure(context.get(databaseContext).db, found.email);
  logger.info({ adminId: user.id, counts }, "rights request looked up");
  return {
    email: found.email,
    fieldErrors: noErrors,
    found: { email: found.email, ...(found.parts as unknown as Shown), counts, kept },
    confirming: params.get("confirm") === "erase",
    labels: PERSONAL_DATA_LABELS,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const parsed = parseForm(EraseRequestSchema, await readFormData(request));
  if (!parsed.ok) {
    return data({ toast: errorToast(parsed.first), fieldErrors: parsed.fieldErrors }, { status: 400 });
  }
  const email = normalizeEmail(parsed.data.email);
  if (email === normalizeEmail(user.email)) {
    const toast = errorToast(
      "This is your own account: delete it from your account page instead.",
      "Not erased",
    );
    return data({ toast }, { status: 400 });
  }
  const counts = await erasePersonalData(
    context.get(databaseContext).db,
    email,
    "all",
    { erasedBy: user.id, kind: "rights-request" },
    storageDirsOf(context),
  );
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  logger.info({ adminId: user.id, counts }, "rights request: personal data erased");
  const kept = await keptAfterErasure(context.get(databaseContext).db, email);
  return redirectWithToast(context, pageUrl(email), {
    title: "Personal data erased",
    description: `${total} record${total === 1 ? "" : "s"} erased. The erasure is logged without the data.${kept ? " Customer due diligence records are kept: the page says until when and why, for the answer to the request." : ""}`,
  });
}

const dateTime = (value: Date | string | null) =>
  value === null
    ? "—"
    : new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
        new Date(value),
      ) + " UTC";

function Held({ title, children, empty }: { title: string; children: React.ReactNode; empty: boolean }) {
  return (
    <section className="mt-8">
      <h2 className="text-xl font-semibold text-ink">{title}</h2>
      {empty ? <p className="mt-2 text-ink-subtle">None.</p> : <div className="mt-3">{children}</div>}
    </section>
  );
}

const lookupLimits = constraintsOf(RightsRequestSchema);

export default function DashboardPrivacy() {
  const { email, fieldErrors, found, confirming, labels } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const total = found ? Object.values(found.counts).reduce((sum, count) => sum + count, 0) : 0;

  return (
    <DeskPage title="Privacy requests">
      <p className="mt-2 text-ink-muted">
        Find everything held about an email address, download it for a subject access request, or erase it.
      </p>

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Find personal data">
        <div className="min-w-72 flex-1">
          <TextField
            label="Email address"
            name="email"
            constraint={lookupLimits.email}
            defaultValue={email}
            error={fieldErrors.email}
          />
        </div>
        <Button type="submit" disabled={busy}>
          Find
        </Button>
      </Form>

      {found ? (
        <div data-testid="rights-result">
          <h2 className="mt-10 text-2xl font-semibold text-ink">
            Held about <span className="break-all">{found.email}</span>
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3" aria-label="Records held">
            {labels.map(({ key, label }) => (
              <div key={key} className="flex justify-between gap-2 border-b border-line py-1">
                <dt className="text-ink-muted">{label}</dt>
                <dd className="font-semibold" data-testid={`count-${key}`}>
                  {found.counts[key] ?? 0}
                </dd>
              </div>
            ))}
          </dl>

          {total === 0 ? (
            <p className="mt-6 rounded-lg border border-dashed border-line-strong p-6 text-ink-muted">
              Nothing is held about this address.
            </p>
          ) : (
            <>
              <div className="mt-6 flex flex-wrap gap-3">
                <a
                  href={`${href("/dashboard/privacy/export.json")}?${new URLSearchParams({ email: found.email }).toString()}`}
                  download
                  className={buttonVariants({ variant: "secondary" })}
                >
                  Download all as JSON
                </a>
                {confirming ? null : (
                  <Link
                    to={`${pageUrl(found.email)}&confirm=erase`}
                    className={buttonVariants({ variant: "destructive" })}
                  >
                    Erase all…
                  </Link>
                )}
              </div>

              {confirming ? (
                <section
                  aria-labelledby="erase-title"
                  className="mt-6 rounded-xl border border-danger-line-strong bg-danger-wash p-6"
                  data-testid="erase-confirmation"
                >
                  <h2 id="erase-title" className="text-lg font-semibold text-danger-deep">
                    Erase everything held about {found.email}?
                  </h2>
                  <p className="mt-2 text-ink-soft">
                    This erases {total} record{total === 1 ? "" : "s"}:{" "}
                    {labels
                      .filter(({ key }) => (found.counts[key] ?? 0) > 0)
                      .map(({ key, label }) => `${found.counts[key]} ${label.toLowerCase()}`)
                      .join(", ")}
                    . It cannot be undone. A record that the erasure happened is kept, without the data.
                    {(found.counts.kycDocuments ?? 0) > 0
                      ? " Customer due diligence documents, their review and their request are kept until their period ends; the page then says until when and why."
                      : ""}
                  </p>
                  <Form method="post" className="mt-4 flex flex-wrap gap-3">
                    <input type="hidden" name="email" value={found.email} />
                    <Link to={pageUrl(found.email)} className={buttonVariants({ variant: "secondary" })}>
                      Cancel
                    </Link>
                    <Button type="submit" name="intent" value="erase" disabled={busy} variant="destructive">
                      Erase permanently
                    </Button>
                  </Form>
                </section>
              ) : null}

              {found.kept ? (
                <section className="mt-8" data-testid="kept-after-erasure">
                  <h2 className="text-xl font-semibold text-ink">Kept after erasure</h2>
                  <p className="mt-2 text-ink-soft">{found.kept}</p>
                </section>
              ) : null}

              <Held title="Inquiries" empty={found.inquiries.length === 0}>
                <ul className="space-y-3">
                  {found.inquiries.map((inquiry) => (
                    <li key={inquiry.id} className="rounded-lg border border-line p-4">
                      <p className="font-semibold">
                        {inquiry.name}
                        {inquiry.company ? `, ${inquiry.company}` : ""} · {dateTime(inquiry.created_at)}
                        {inquiry.is_spam ? " · spam" : ""}
                      </p>
                      <p className="mt-1 whitespace-pre-line text-ink-soft">{inquiry.message}</p>
                      {inquiry.admin_notes ? (
                        <p className="mt-1 text-sm text-ink-subtle">Notes: {inquiry.admin_notes}</p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </Held>
              <Held title="Account" empty={found.account.length === 0}>
                {found.account.map((item) => (
                  <p key={item.email}>
                    {item.name} ({item.email}) · created {dateTime(item.createdAt)} · last sign-in{" "}
                    {dateTime(found.accountActivity[0]?.lastSignInAt ?? null)}
                    {found.roles.length > 0
                      ? ` · roles: ${found.roles.map((row) => row.role).join(", ")}`
                      : ""}
                  </p>
                ))}
              </Held>
              <Held title="Sessions" empty={found.sessions.length === 0}>
                <ul className="space-y-1">
                  {found.sessions.map((item, index) => (
                    <li key={index}>
                      {dateTime(item.createdAt)} · {item.ipAddress ?? "no IP address"} ·{" "}
                      {item.userAgent ?? "no user agent"} · expires {dateTime(item.expiresAt)}
                    </li>
                  ))}
                </ul>
              </Held>
              <Held title="Mail log" empty={found.mail.length === 0}>
                <ul className="space-y-1">
                  {found.mail.map((item, index) => (
                    <li key={index}>
                      {dateTime(item.createdAt)} · {item.subject} · to {item.to.join(", ")} ·{" "}
                      {item.sentAt ? `sent ${dateTime(item.sentAt)}` : item.failedAt ? "failed" : "pending"}
                    </li>
                  ))}
                </ul>
              </Held>
            </>
          )}
        </div>
      ) : null}
      <Toaster toast={actionData?.toast ?? null} />
    </DeskPage>
  );
}
