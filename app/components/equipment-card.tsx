import { href, Link } from "react-router";
import type { EquipmentItem } from "~/content/equipment";
import { equipmentPage } from "~/content/equipment-page";
import { EquipmentPicture } from "~/components/equipment-picture";
import type { PhotoView } from "~/lib/catalogue/photo-urls";
import { AvailabilityBadge } from "~/components/availability-badge";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";

const { card } = equipmentPage;

/** Catalogue card: image, name, availability, specs, prices, up to three features. */
export function EquipmentCard({
  item,
  eagerImage = false,
}: {
  item: EquipmentItem & { photos?: PhotoView[] };
  eagerImage?: boolean;
}) {
  const shownFeatures = item.features.slice(0, card.maxFeatureBadges);
  const hiddenCount = item.features.length - shownFeatures.length;
  return (
    <article
      aria-labelledby={`${item.id}-name`}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm"
    >
      <EquipmentPicture
        item={item}
        photo={item.photos?.[0]}
        sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
        eager={eagerImage}
        className="aspect-[8/5] w-full bg-surface-sunken object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id={`${item.id}-name`} className="text-lg font-semibold text-ink">
            {item.name}
          </h2>
          <AvailabilityBadge availability={item.availability} />
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {item.specs.slice(0, 4).map((spec) => (
            <div key={spec.key}>
              <dt className="text-ink-subtle">{spec.label}</dt>
              <dd className="font-medium text-ink">{spec.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 flex-1 text-sm text-ink-muted">{item.description}</p>
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={`Features of ${item.name}`}>
          {shownFeatures.map((feature) => (
            <li key={feature}>
              <Badge>{feature}</Badge>
            </li>
          ))}
          {hiddenCount > 0 ? (
            <li>
              <Badge tone="gold">{card.moreFeatures(hiddenCount)}</Badge>
            </li>
          ) : null}
        </ul>
        <dl className="mt-4 grid grid-cols-2 gap-4 border-t border-line pt-4 text-sm">
          <div>
            <dt className="text-ink-subtle">{card.rentalLabel}</dt>
            <dd className="font-semibold text-ink">{item.rentalPrice}</dd>
          </div>
          <div>
            <dt className="text-ink-subtle">{card.saleLabel}</dt>
            <dd className="font-semibold text-ink">{item.salePrice}</dd>
          </div>
        </dl>
        <div className="mt-5 grid grid-cols-2 gap-3">
          <Link to={`${card.inquireHref}?equipment=${item.id}`} className={buttonVariants()}>
            {card.inquire}
            <span className="sr-only"> about {item.name}</span>
          </Link>
          <Link
            to={href("/equipment/:id", { id: item.id })}
            className={buttonVariants({ variant: "secondary" })}
          >
            {card.viewDetails}
            <span className="sr-only"> of {item.name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
