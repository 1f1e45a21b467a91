import { CircleCheck } from "lucide-react";
import { contactPage } from "~/content/contact";

/** The confirmation's element id: a sent inquiry's redirect lands on it (`/contact#inquiry-sent`). */
export const INQUIRY_SENT_ID = "inquiry-sent";

const { sent } = contactPage.form;

/**
 * What a visitor who has just sent an inquiry needs to know: the reference
 * to quote, when the reply comes and from which address, and where to look
 * if it does not arrive. Server-rendered: the contact page ships no script,
 * and the redirect's fragment brings it into view and moves focus there.
 */
export function InquirySent({ reference, replyFrom }: { reference: string; replyFrom: string }) {
  return (
    <section
      id={INQUIRY_SENT_ID}
      tabIndex={-1}
      aria-labelledby="inquiry-sent-title"
      className="mt-6 rounded-md border-2 border-success-line bg-success-wash p-5 text-ink focus:outline-2 focus:outline-offset-2 focus:outline-success-deep"
    >
      <h3 id="inquiry-sent-title" className="flex items-center gap-2 text-lg font-semibold text-success-deep">
        <CircleCheck aria-hidden="true" className="size-5" />
        {sent.title}
      </h3>
      <p className="mt-3">
        {`${sent.referenceLabel}: `}
        <strong className="font-mono text-lg" data-testid="inquiry-reference">
          {reference}
        </strong>
        . {sent.quote}
      </p>
      <p className="mt-2">
        {`${sent.replyWithin} `}
        <strong>{replyFrom}</strong>.
      </p>
      <p className="mt-2">{sent.spamFolder(replyFrom)}</p>
      <p className="mt-3 text-sm">
        <a href="#contact-name" className="font-semibold text-success-deep underline">
          {sent.another}
        </a>
      </p>
    </section>
  );
}
