import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { FeatureCard } from "~/content/types";
import { Icon } from "~/components/icon";
import { Card } from "~/components/ui/card";
import { CheckList } from "~/components/sections/check-list";

const COLUMNS = {
  2: "md:grid-cols-2",
  3: "md:grid-cols-2 lg:grid-cols-3",
  4: "md:grid-cols-2 lg:grid-cols-4",
  // Five or six cards fill two rows of three rather than leave one alone.
  fill: "md:grid-cols-2 lg:grid-cols-4 [&:has(>li:nth-child(5))]:lg:grid-cols-3",
} as const;

/** Cards with an icon, a title, a description, optional feature bullets and an optional link to the card's page. */
export function FeatureGrid({
  items,
  columns = 3,
  linkLabel = "Learn More",
}: {
  items: readonly FeatureCard[];
  columns?: keyof typeof COLUMNS;
  linkLabel?: string;
}) {
  return (
    <ul className={`grid gap-6 ${COLUMNS[columns]}`}>
      {items.map((item) => (
        <li key={item.title}>
          <Card className="flex h-full flex-col">
            <div className="mb-4 inline-flex self-start rounded-lg bg-accent-soft p-3 text-accent-strong">
              <Icon name={item.icon} />
            </div>
            <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
            <p className={`mt-2 text-ink-muted ${item.href ? "flex-1" : ""}`}>{item.description}</p>
            {item.features?.length ? (
              <div className="mt-4 text-sm">
                <CheckList items={item.features} />
              </div>
            ) : null}
            {item.href ? (
              <Link
                to={item.href}
                className="mt-4 inline-flex items-center gap-1 font-semibold text-accent-strong hover:underline"
              >
                {linkLabel}
                <span className="sr-only"> about {item.title}</span>
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
