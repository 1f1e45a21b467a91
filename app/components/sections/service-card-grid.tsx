import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { ServiceCard } from "~/content/types";
import { Icon } from "../icon";
import { Card } from "../ui/card";

/** Service cards, each with a 'Learn More' link to its page. */
export function ServiceCardGrid({
  cards,
  linkLabel = "Learn More",
}: {
  cards: readonly ServiceCard[];
  linkLabel?: string;
}) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4 [&:has(>li:nth-child(5))]:lg:grid-cols-3">
      {cards.map((card) => (
        <li key={card.id}>
          <Card className="flex h-full flex-col">
            <div className="mb-4 inline-flex self-start rounded-lg bg-accent-soft p-3 text-accent-strong">
              <Icon name={card.icon} />
            </div>
            <h3 className="text-lg font-semibold text-ink">{card.title}</h3>
            <p className="mt-2 flex-1 text-ink-muted">{card.description}</p>
            <Link
              to={card.href}
              className="mt-4 inline-flex items-center gap-1 font-semibold text-accent-strong hover:underline"
            >
              {linkLabel}
              <span className="sr-only"> about {card.title}</span>
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </Card>
        </li>
      ))}
    </ul>
  );
}
