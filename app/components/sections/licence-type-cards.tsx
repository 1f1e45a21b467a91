import type { LicenceType } from "~/content/types";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { CheckList } from "~/components/sections/check-list";

/** Licence types with area, validity, requirements and the cost structure in words. */
export function LicenceTypeCards({ licences }: { licences: readonly LicenceType[] }) {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {licences.map((licence) => (
        <li key={licence.title}>
          <Card className="flex h-full flex-col">
            <h3 className="text-xl font-semibold text-ink">{licence.title}</h3>
            <div className="mt-3 flex flex-wrap gap-2">
              {licence.area ? <Badge tone="gold">{licence.area}</Badge> : null}
              <Badge tone="blue">Validity: {licence.validity}</Badge>
            </div>
            <p className="mt-4 text-ink-muted">{licence.description}</p>
            <h4 className="mt-6 font-semibold text-ink">Requirements</h4>
            <div className="mt-3 text-sm">
              <CheckList items={licence.requirements} />
            </div>
            <h4 className="mt-6 font-semibold text-ink">Cost structure</h4>
            <p className="mt-2 text-sm text-ink-muted">{licence.cost}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
