import { Icon } from "~/components/icon";
import { ButtonLink } from "~/components/ui/button-link";
import { Card } from "~/components/ui/card";
import { type ContactDetail, contactPage } from "~/content/contact";

/** The contact page's side column: email, phone, office, business hours and the WhatsApp card. */
export function ContactDetails() {
  const { hours, whatsappCard } = contactPage;
  const details: readonly ContactDetail[] = contactPage.details;
  return (
    <div className="space-y-6">
      {details.map((detail) => (
        <Card key={detail.title}>
          <div className="flex gap-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-strong">
              <Icon name={detail.icon} className="size-5" />
            </span>
            <div>
              <h2 className="font-semibold text-ink">{detail.title}</h2>
              <ul className="mt-1 space-y-2 text-ink-soft">
                {detail.lines.map((line) => (
                  <li key={line.text}>
                    {line.href ? (
                      <a href={line.href} className="font-medium text-accent-strong hover:underline">
                        {line.text}
                      </a>
                    ) : (
                      line.text
                    )}
                    {line.note ? <span className="block text-sm text-ink-subtle">{line.note}</span> : null}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </Card>
      ))}
      <Card>
        <div className="flex gap-4">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-strong">
            <Icon name={hours.icon} className="size-5" />
          </span>
          <div className="flex-1">
            <h2 className="font-semibold text-ink">{hours.title}</h2>
            <dl className="mt-2 space-y-1 text-sm">
              {hours.entries.map((entry) => (
                <div key={entry.label} className="flex justify-between gap-4">
                  <dt className="text-ink-muted">{entry.label}</dt>
                  <dd className="font-medium text-ink">{entry.display}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-sm text-ink-subtle">{hours.summerNote}</p>
            <p className="mt-2 text-sm text-ink-subtle">{hours.note}</p>
          </div>
        </div>
      </Card>
      <div className="rounded-xl bg-success-deep p-6 text-on-fill">
        <div className="flex items-center gap-3">
          <Icon name={whatsappCard.icon} className="size-6 text-success-pale" />
          <h2 className="text-lg font-semibold">{whatsappCard.title}</h2>
        </div>
        <p className="mt-2 text-success-wash">{whatsappCard.description}</p>
        <ButtonLink href={whatsappCard.cta.href} variant="secondary" className="mt-4">
          {whatsappCard.cta.label}
        </ButtonLink>
      </div>
    </div>
  );
}
