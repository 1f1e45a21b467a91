import { href, Link } from "react-router";
import { Card } from "~/components/ui/card";

interface AccountInquiry {
  id: string;
  reference: string;
  status: string;
}

/** The inquiries sent from the account's verified address, each opening its client page. */
export function YourInquiries({ inquiries }: { inquiries: readonly AccountInquiry[] }) {
  return (
    <Card>
      <h2 id="your-inquiries" className="text-xl font-semibold text-ink">
        Your inquiries
      </h2>
      {inquiries.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">
          Inquiries you send us from this account&apos;s address appear here once the address is verified.
        </p>
      ) : (
        <ul className="mt-4 space-y-3" aria-labelledby="your-inquiries">
          {inquiries.map((inquiry) => (
            <li key={inquiry.id} className="rounded-md border border-line-soft p-3">
              <Link
                className="font-medium text-accent-strong underline"
                to={href("/account/inquiries/:id", { id: inquiry.id })}
              >
                Inquiry {inquiry.reference}
              </Link>
              <p className="text-sm text-ink-soft">{inquiry.status}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
