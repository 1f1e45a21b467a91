import { Form, href } from "react-router";
import { DeskSection } from "~/components/desk-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select, Textarea } from "~/components/ui/input";
import { confirmedMatchSteps, OFSI_REPORTING_URL, SANCTIONS_REASON_MAX_LENGTH } from "~/content/sanctions";
import { formatUkTime } from "~/lib/uk-time";

interface DecisionItem {
  decision: "false_positive" | "confirmed_match";
  reason: string;
  decidedAt: Date | string;
  decidedBy: string | null;
  publishedOn: string;
}

export interface SanctionsView {
  status: "not-screened" | "clear" | "potential-match" | "false-positive" | "blocked";
  screening: { screenedAt: Date | string; publishedOn: string } | null;
  candidates: {
    id: string;
    entryUniqueId: string;
    field: string;
    matchedName: string;
    nameType: string;
    score: number;
    primaryName: string;
    kind: string;
    regime: string | null;
    decision: DecisionItem | null;
    entryChanged: boolean;
  }[];
}

const STATUS_LINE: Record<SanctionsView["status"], string> = {
  "not-screened":
    "Not screened yet: no version of the UK Sanctions List has been imported, or the screening is queued.",
  clear: "No name on the UK Sanctions List came close to the lead's name or company.",
  "potential-match":
    "Possible match on the UK Sanctions List: an admin must decide before anything else is done.",
  "false-positive": "Every possible match was decided a false positive.",
  blocked: "Confirmed match on the UK Sanctions List: this lead is blocked.",
};

/** Which of the lead's names matched: its own fields, or one the desk read off an accepted KYC document. */
const MATCHED_FIELD: Record<string, string> = {
  name: "The lead's name",
  company: "The lead's company",
  kyc: "A name on the lead's KYC documents",
};

const DECISION_LABEL = { false_positive: "False positive", confirmed_match: "Confirmed match" } as const;

function DecisionLine({ decision }: { decision: DecisionItem }) {
  return (
    <p data-testid="sanctions-decision">
      <span className="font-semibold">{DECISION_LABEL[decision.decision]}</span> by{" "}
      {decision.decidedBy ?? "a former admin"}, {formatUkTime(new Date(decision.decidedAt))}, on the list
      published {decision.publishedOn}: {decision.reason}
    </p>
  );
}

/** The lead's screening against the UK Sanctions List, each possible match and the decision on it. */
export function SanctionsSection({ inquiryId, sanctions }: { inquiryId: string; sanctions: SanctionsView }) {
  const action = href("/dashboard/inquiries/:id/sanctions", { id: inquiryId });
  return (
    <DeskSection id="sanctions-heading" title="Sanctions screening">
      <p className="text-sm" data-testid="sanctions-status" data-status={sanctions.status}>
        {STATUS_LINE[sanctions.status]}
        {sanctions.screening
          ? ` Screened ${formatUkTime(new Date(sanctions.screening.screenedAt))} against the list published ${sanctions.screening.publishedOn}.`
          : null}
      </p>
      {sanctions.status === "blocked" ? (
        <div className="space-y-2 rounded-lg border border-danger-line bg-danger-wash p-4 text-sm text-danger-strong">
          <p className="font-semibold">What to do next</p>
          <ol className="list-decimal space-y-1 pl-5">
            {confirmedMatchSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p>
            <a href={OFSI_REPORTING_URL} className="font-semibold underline" rel="noreferrer" target="_blank">
              OFSI: reporting information to OFSI
            </a>
          </p>
        </div>
      ) : null}
      <ul className="space-y-3">
        {sanctions.candidates.map((candidate) => {
          const open = !candidate.decision || candidate.entryChanged;
          return (
            <li
              key={candidate.id}
              className="space-y-2 rounded-lg border border-line-soft p-4 text-sm"
              data-testid="sanctions-candidate"
            >
              <p>
                {MATCHED_FIELD[candidate.field] ?? `The lead's ${candidate.field}`} matched{" "}
                <span className="font-semibold">{candidate.matchedName}</span> ({candidate.nameType}), score{" "}
                {Math.round(candidate.score * 100)}%, on entry {candidate.entryUniqueId}:{" "}
                {candidate.primaryName}, {candidate.kind}
                {candidate.regime ? `, ${candidate.regime}` : ""}.
              </p>
              {candidate.decision ? <DecisionLine decision={candidate.decision} /> : null}
              {candidate.entryChanged ? (
                <p className="font-semibold">
                  The list changed this entry since that decision: decide again.
                </p>
              ) : null}
              {open && sanctions.status !== "blocked" ? (
                <Form
                  method="post"
                  action={action}
                  className="grid gap-3"
                  aria-label={`Decide on ${candidate.entryUniqueId}`}
                >
                  <input type="hidden" name="intent" value="sanctions-decision" />
                  <input type="hidden" name="id" value={inquiryId} />
                  <input type="hidden" name="candidateId" value={candidate.id} />
                  <Field label="Decision" name="decision">
                    {(control) => (
                      <Select {...control} required defaultValue="">
                        <option value="" disabled>
                          Choose…
                        </option>
                        <option value="false_positive">False positive: not the listed party</option>
                        <option value="confirmed_match">Confirmed match: block this lead</option>
                      </Select>
                    )}
                  </Field>
                  <Field
                    label="Reason"
                    name="reason"
                    description="What you checked (date of birth, nationality, registration) and what it showed."
                  >
                    {(control) => (
                      <Textarea {...control} required maxLength={SANCTIONS_REASON_MAX_LENGTH} rows={3} />
                    )}
                  </Field>
                  <div>
                    <Button type="submit">Record decision</Button>
                  </div>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ul>
    </DeskSection>
  );
}

/** In the desk's list and the lead page's header: only what needs an admin, or stops the desk. */
export function SanctionsBadge({ status }: { status: SanctionsView["status"] }) {
  if (status !== "potential-match" && status !== "blocked") return null;
  return (
    <span data-testid="sanctions-badge">
      <Badge tone={status === "blocked" ? "dark" : "gold"}>
        {status === "blocked" ? "Blocked: sanctions match" : "Sanctions: possible match"}
      </Badge>
    </span>
  );
}
