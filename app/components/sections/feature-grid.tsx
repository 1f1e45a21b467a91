import type { FeatureCard } from "~/content/types";
import { Icon } from "../icon";
import { Card } from "../ui/card";
import { CheckList } from "./check-list";

const COLUMNS = {
  2: "md:grid-cols-2",
  3: "md:grid-cols-2 lg:grid-cols-3",
  4: "md:grid-cols-2 lg:grid-cols-4",
} as const;

/** Cards with an icon, a title, a description and optional feature bullets. */
export function FeatureGrid({ items, columns = 3 }: { items: readonly FeatureCard[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`grid gap-6 ${COLUMNS[columns]}`}>
      {items.map((item) => (
        <li key={item.title}>
          <Card className="h-full">
            <div className="mb-4 inline-flex rounded-lg bg-accent-soft p-3 text-accent-strong">
              <Icon name={item.icon} />
            </div>
            <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
            <p className="mt-2 text-ink-muted">{item.description}</p>
            {item.features?.length ? (
              <div className="mt-4 text-sm">
                <CheckList items={item.features} />
              </div>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
