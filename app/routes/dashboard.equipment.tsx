import { Form, href, Link, useLoaderData } from "react-router";
import { AvailabilityBadge } from "~/components/availability-badge";
import { DeskListHeader } from "~/components/desk-editor-frame";
import { Button } from "~/components/ui/button";
import { brandTitle } from "~/content/company";
import { databaseContext } from "~/lib/context.server";
import { listDeskItems } from "~/lib/catalogue/catalogue-editor.server";
import { countRequestsByMachine } from "~/lib/catalogue/catalogue-reports.server";
import { rentalPriceText, salePriceText } from "~/lib/catalogue/rate-card";
import { readFormData } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { changeItemForm } from "~/routes/dashboard.equipment.server";
import { z } from "zod";
import type { Route } from "./+types/dashboard.equipment";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Equipment catalogue") },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  guardedUser(context);
  const { db } = context.get(databaseContext);
  const [items, requests] = await Promise.all([listDeskItems(db), countRequestsByMachine(db)]);
  return {
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      availability: item.availability,
      status: item.status,
      rental: rentalPriceText({ dayRateUsd: item.day_rate_usd }),
      sale: salePriceText(item.sale_price_usd),
      requests: requests.get(item.id) ?? 0,
    })),
  };
}

const ItemIdSchema = z.string().trim().min(1).max(200);

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const formData = await readFormData(request);
  const id = ItemIdSchema.safeParse(formData.get("id"));
  if (!id.success) throw new Response("Not found", { status: 404 });
  return changeItemForm(context, formData, user.id, id.data, href("/dashboard/equipment"));
}

/** The catalogue as the team keeps it: drafts too, in the site's order, each with its buttons. */
export default function EquipmentDeskPage() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-5xl space-y-8 px-4 py-12">
      <DeskListHeader
        title="Equipment catalogue"
        newEntry={{ to: href("/dashboard/equipment/new"), label: "New machine" }}
      />
      <ol className="divide-y divide-line-soft rounded-lg border border-line-soft" aria-label="Machines">
        {items.map((item, index) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="space-y-1">
              <Link
                to={href("/dashboard/equipment/:id", { id: item.id })}
                className="font-semibold text-accent-strong underline"
              >
                {item.name}
              </Link>
              <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
                <AvailabilityBadge availability={item.availability} />
                <span>{item.status === "published" ? "Published" : "Draft"}</span>
                <span>
                  {item.rental} · {item.sale}
                </span>
                <span>{item.requests === 1 ? "1 request" : `${item.requests} requests`}</span>
              </p>
            </div>
            <Form method="post" className="flex flex-wrap gap-2" aria-label={`Change ${item.name}`}>
              <input type="hidden" name="id" value={item.id} />
              <Button type="submit" name="intent" value="up" variant="secondary" disabled={index === 0}>
                Move up<span className="sr-only">: {item.name}</span>
              </Button>
              <Button
                type="submit"
                name="intent"
                value="down"
                variant="secondary"
                disabled={index === items.length - 1}
              >
                Move down<span className="sr-only">: {item.name}</span>
              </Button>
              <Button
                type="submit"
                name="intent"
                value={item.status === "published" ? "unpublish" : "publish"}
                variant="secondary"
              >
                {item.status === "published" ? "Unpublish" : "Publish"}
                <span className="sr-only">: {item.name}</span>
              </Button>
            </Form>
          </li>
        ))}
      </ol>
    </main>
  );
}
