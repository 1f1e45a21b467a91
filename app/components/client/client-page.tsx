import { Form } from "react-router";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ClientConversation } from "~/components/client/client-conversation";
import type { KycItemState } from "~/lib/kyc/kyc-requests.server";
import type { ClientPageData, ClientUploadResult } from "~/routes/client.server";

const TONES: Record<KycItemState, BadgeTone> = {
  requested: "neutral",
  received: "blue",
  "being-checked": "blue",
  accepted: "green",
  rejected: "gold",
  expired: "gold",
};

/** Works without JavaScript: every upload is a plain multipart form, posted to the page that shows it. */
export function ClientPage({ page, result }: { page: ClientPageData; result?: ClientUploadResult }) {
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-12">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold text-ink">Your inquiry {page.reference}</h1>
        <p className="text-ink-soft" data-testid="client-status">
          {page.status}
        </p>
      </header>
      {result ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={
            result.ok
              ? "rounded-md bg-success-wash p-4 text-success-deep"
              : "rounded-md bg-danger-wash p-4 text-danger-deep"
          }
        >
          {result.message}
        </p>
      ) : null}
      {page.kyc ? (
        <section aria-labelledby="kyc-heading" className="space-y-4">
          <h2 id="kyc-heading" className="text-2xl font-semibold text-ink">
            Documents for our identity checks
          </h2>
          {page.kyc.completedAt ? (
            <p role="status">Your identity checks are complete. Thank you.</p>
          ) : (
            <p className="text-ink-soft">
              Every transaction needs KYC/AML verification of all parties. Upload each document below (at most{" "}
              {page.maxFileMegabytes} MB a file). Files are kept encrypted and checked for viruses before our
              team opens them.
            </p>
          )}
          <ul className="space-y-4">
            {page.kyc.items.map((item) => (
              <li key={item.key} data-item={item.key}>
                <Card className="space-y-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold text-ink">{item.label}</h3>
                    <Badge tone={TONES[item.state]}>
                      <span data-testid={`state-${item.key}`}>{item.stateLabel}</span>
                    </Badge>
                  </div>
                  <p className="text-sm text-ink-soft">Why we ask: {item.why}</p>
                  {item.reason ? <p className="text-sm text-ink">Reason: {item.reason}</p> : null}
                  {item.fileName && item.state !== "requested" ? (
                    <p className="text-sm text-ink-soft">Last file: {item.fileName}</p>
                  ) : null}
                  {item.state === "requested" || item.state === "rejected" || item.state === "expired" ? (
                    <Form method="post" encType="multipart/form-data" reloadDocument className="space-y-2">
                      <input type="hidden" name="item" value={item.key} />
                      <label className="block text-sm font-medium text-ink" htmlFor={`file-${item.key}`}>
                        Choose a file ({item.formats.join(", ")})
                      </label>
                      <input
                        id={`file-${item.key}`}
                        name="document"
                        type="file"
                        required
                        accept={item.accept}
                        className="block w-full text-sm"
                      />
                      <Button type="submit">Upload</Button>
                    </Form>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p>We have not asked you for any documents yet.</p>
      )}
      <ClientConversation entries={page.conversation} maxLength={page.maxMessageLength} />
    </main>
  );
}
