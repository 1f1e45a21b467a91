import { Icon } from "./icon";
import { ButtonLink } from "./ui/button-link";
import { Card } from "./ui/card";
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
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800">
              <Icon name={detail.icon} className="size-5" />
            </span>
            <div>
              <h2 className="font-semibold text-stone-900">{detail.title}</h2>
              <ul className="mt-1 space-y-2 text-stone-800">
                {detail.lines.map((line) => (
                  <li key={line.text}>
                    {line.href ? (
                      <a href={line.href} className="font-medium text-amber-800 hover:underline">
                        {line.text}
                      </a>
                    ) : (
                      line.text
                    )}
                    {line.note ? <span className="block text-sm text-stone-600">{line.note}</span> : null}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </Card>
      ))}
      <Card>
        <div className="flex gap-4">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800">
            <Icon name={hours.icon} className="size-5" />
          </span>
          <div className="flex-1">
            <h2 className="font-semibold text-stone-900">{hours.title}</h2>
            <dl className="mt-2 space-y-1 text-sm">
              {hours.entries.map((entry) => (
                <div key={entry.label} className="flex justify-between gap-4">
                  <dt className="text-stone-700">{entry.label}</dt>
                  <dd className="font-medium text-stone-900">{entry.display}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-sm text-stone-600">{hours.summerNote}</p>
            <p className="mt-2 text-sm text-stone-600">{hours.note}</p>
          </div>
        </div>
      </Card>
      <div className="rounded-xl bg-emerald-900 p-6 text-white">
        <div className="flex items-center gap-3">
          <Icon name={whatsappCard.icon} className="size-6 text-emerald-200" />
          <h2 className="text-lg font-semibold">{whatsappCard.title}</h2>
        </div>
        <p className="mt-2 text-emerald-50">{whatsappCard.description}</p>
        <ButtonLink href={whatsappCard.cta.href} variant="secondary" className="mt-4">
          {whatsappCard.cta.label}
        </ButtonLink>
      </div>
    </div>
  );
}
