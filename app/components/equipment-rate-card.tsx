import { equipmentItemPage, formatCalendarDay } from "~/content/equipment-item-page";
import type { CatalogueItem } from "~/lib/catalogue/catalogue-item";
import { formatUsd, minimumHireText } from "~/lib/catalogue/rate-card";

const { rateCard: labels, details } = equipmentItemPage;

/** The rate card (the periods with a rate, hours included, minimum hire); nothing for a machine not let. */
export function EquipmentRateCard({ item }: { item: CatalogueItem }) {
  const card = item.rateCard;
  if (card.dayRateUsd === null) return null;
  const periods: { label: string; amount: number | null }[] = [
    { label: labels.day, amount: card.dayRateUsd },
    { label: labels.week, amount: card.weekRateUsd },
    { label: labels.month, amount: card.monthRateUsd },
  ];
  const rates = periods.flatMap(({ label, amount }) => (amount === null ? [] : [{ label, amount }]));
  return (
    <section aria-labelledby="rate-card-heading" className="mt-6">
      <h2 id="rate-card-heading" className="text-lg font-semibold text-ink">
        {labels.heading}
      </h2>
      <table className="mt-2 w-full text-left text-sm">
        <caption className="sr-only">{labels.caption(item.name)}</caption>
        <tbody className="divide-y divide-line">
          {rates.map((rate) => (
            <tr key={rate.label}>
              <th scope="row" className="py-2 pr-4 font-medium text-ink-subtle">
                {rate.label}
              </th>
              <td className="py-2 font-semibold text-ink">{formatUsd(rate.amount)}</td>
            </tr>
          ))}
          {card.hoursPerDay !== null ? (
            <tr>
              <th scope="row" className="py-2 pr-4 font-medium text-ink-subtle">
                {labels.hoursIncluded}
              </th>
              <td className="py-2 font-semibold text-ink">{labels.hoursPerDay(card.hoursPerDay)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" className="py-2 pr-4 font-medium text-ink-subtle">
              {labels.minimumHire}
            </th>
            <td className="py-2 font-semibold text-ink">{minimumHireText(card.minimumHire)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/** Next available date, location and, for a used machine, year, hour meter and condition; only what is known. */
export function EquipmentDetails({ item }: { item: CatalogueItem }) {
  const rows: ({ label: string; value: string } | false)[] = [
    item.nextAvailableOn !== null && {
      label: details.nextAvailable,
      value: formatCalendarDay(item.nextAvailableOn),
    },
    item.location !== null && { label: details.location, value: item.location },
    item.condition !== null && { label: details.condition, value: details.conditions[item.condition] },
    item.year !== null && { label: details.year, value: String(item.year) },
    item.hourMeter !== null && { label: details.hourMeter, value: details.hours(item.hourMeter) },
  ];
  const shown = rows.filter((row) => row !== false);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="details-heading" className="mt-6">
      <h2 id="details-heading" className="text-lg font-semibold text-ink">
        {details.heading}
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {shown.map((row) => (
          <div key={row.label}>
            <dt className="text-ink-subtle">{row.label}</dt>
            <dd className="font-semibold text-ink">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
