import { Form, href } from "react-router";
import { DeskSection } from "~/components/desk-page";
import { formatWhen } from "~/components/inbox/inquiry-timeline";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import type { DeskKyc } from "~/lib/kyc/desk-kyc.server";

/** The inquiry page's KYC: ask for a checklist, see each item, open, accept or reject what came in. */
export function KycSection({ inquiryId, kyc }: { inquiryId: string; kyc: DeskKyc }) {
  const action = href("/dashboard/inquiries/:id/kyc", { id: inquiryId });
  const request = kyc.request;
  return (
    <DeskSection id="kyc-heading" title="KYC documents">
      {request?.completedAt ? (
        <p data-testid="kyc-complete">
          <Badge tone="green">KYC complete</Badge> {formatWhen(request.completedAt)} by{" "}
          {request.completedBy ?? "a former admin"}
        </p>
      ) : null}
      {request ? (
        <ul className="space-y-3 text-sm">
          {request.items.map((item) => (
            <li key={item.key} className="rounded-lg border border-line-soft p-3" data-kyc-item={item.key}>
              <p className="font-medium">
                {item.label} · <span data-testid={`desk-state-${item.key}`}>{item.stateLabel}</span>
              </p>
              {item.document ? (
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  {item.document.scan === "clean" ? (
                    <a
                      className="text-accent-strong underline"
                      href={href("/dashboard/inquiries/:id/uploads/:uploadId", {
                        id: inquiryId,
                        uploadId: item.document.uploadId,
                      })}
                    >
                      Download {item.document.fileName}
                    </a>
                  ) : (
                    <span>{item.document.fileName} (waiting for the virus scan)</span>
                  )}
                  {item.state === "being-checked" ? (
                    <>
                      <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
                        <input type="hidden" name="documentId" value={item.document.id} />
                        <label className="text-xs text-ink-muted" htmlFor={`holder-name-${item.key}`}>
                          Name on it (screened)
                          <Input id={`holder-name-${item.key}`} name="holderName" maxLength={200} />
                        </label>
                        <label className="text-xs text-ink-muted" htmlFor={`valid-until-${item.key}`}>
                          Expires (if it does)
                          <Input id={`valid-until-${item.key}`} name="validUntil" type="date" />
                        </label>
                        <Button type="submit" name="intent" value="accept" variant="secondary">
                          Accept
                        </Button>
                      </Form>
                      <Form method="post" action={action} className="flex items-end gap-2">
                        <input type="hidden" name="documentId" value={item.document.id} />
                        <label className="sr-only" htmlFor={`reason-${item.key}`}>
                          Reason for rejecting {item.label}
                        </label>
                        <Input
                          id={`reason-${item.key}`}
                          name="reason"
                          required
                          maxLength={500}
                          placeholder="Reason"
                        />
                        <Button type="submit" name="intent" value="reject" variant="secondary">
                          Reject
                        </Button>
                      </Form>
                    </>
                  ) : null}
                  {item.document.holderName && (item.state === "accepted" || item.state === "expired") ? (
                    <span>Name on it: {item.document.holderName}</span>
                  ) : null}
                  {item.document.validUntil && (item.state === "accepted" || item.state === "expired") ? (
                    <span data-testid={`desk-valid-until-${item.key}`}>
                      Expires {item.document.validUntil}
                    </span>
                  ) : null}
                  {item.state === "rejected" && item.document.reason ? (
                    <span>Reason: {item.document.reason}</span>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">No documents requested yet.</p>
      )}
      <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
        <label className="text-sm font-medium" htmlFor="kyc-checklist">
          Checklist
        </label>
        <Select id="kyc-checklist" name="checklist" defaultValue={kyc.checklists[0]?.key}>
          {kyc.checklists.map((checklist) => (
            <option key={checklist.key} value={checklist.key}>
              {checklist.label}
            </option>
          ))}
        </Select>
        <Button type="submit" name="intent" value="request">
          Request KYC documents
        </Button>
      </Form>
      <p className="text-sm text-ink-muted" data-testid="client-link-state">
        {kyc.link.open ? `Client link open until ${formatWhen(kyc.link.expiresAt)}` : "No client link open"}
      </p>
      {kyc.link.open ? (
        <Form method="post" action={action}>
          <Button type="submit" name="intent" value="revoke-link" variant="secondary">
            Withdraw the client link
          </Button>
        </Form>
      ) : null}
    </DeskSection>
  );
}
