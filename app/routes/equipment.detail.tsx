import { ArrowLeft } from "lucide-react";
import { data, href, Link, useActionData, useRouteLoaderData } from "react-router";
import { EquipmentRequestForm } from "~/components/equipment-request-form";
import { InquirySent } from "~/components/inquiry-sent";
import type { Toast } from "~/components/toast";
import { equipmentRequestForm } from "~/content/equipment-item-page";
import { EMPTY_EQUIPMENT_REQUEST_VALUES } from "~/forms/equipment-request";
import { equipmentRequestIntake, ghanaToday } from "~/lib/catalogue/equipment-request.server";
import { getContactConfig, handleInquirySubmission, startInquiryForm } from "~/routes/contact.server";
import { AvailabilityBadge } from "~/components/availability-badge";
import { EquipmentPicture } from "~/components/equipment-picture";
import { EquipmentOfferMarkup } from "~/components/equipment-offer-markup";
import { EquipmentDetails, EquipmentRateCard } from "~/components/equipment-rate-card";
import { CheckList } from "~/components/sections/check-list";
import { NoticeBox } from "~/components/sections/notice-box";
import { ButtonLink } from "~/components/ui/button-link";
import { brandTitle, whatsappLink } from "~/content/company";
import { CATEGORY_LABELS, type EquipmentItem } from "~/content/equipment";
import { findPublishedItem } from "~/lib/catalogue/catalogue.server";
import { databaseContext } from "~/lib/context.server";
import { equipmentPage } from "~/content/equipment-page";
import { buildMeta } from "~/seo/meta";
import type { Route } from "./+types/equipment.detail";

const OFFER: Record<EquipmentItem["availability"], string> = {
  available: "for rent or sale",
  "rental-only": "for rent",
  "sale-only": "for sale",
};

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const item = await findPublishedItem(context.get(databaseContext).db, params.id);
  if (!item) throw data(null, { status: 404 });
  return { item, form: startInquiryForm(request, getContactConfig(context)), today: ghanaToday() };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const item = await findPublishedItem(context.get(databaseContext).db, params.id);
  if (!item) throw data(null, { status: 404 });
  return handleInquirySubmission(context, request, equipmentRequestIntake(item, ghanaToday()));
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { item } = loaderData;
  return buildMeta(
    href("/equipment/:id", { id: item.id }),
    {
      title: brandTitle(item.name),
      description: `${item.name}, ${OFFER[item.availability]} in Ghana. ${item.description}`,
    },
    matches,
    { type: "product" },
  );
};

export default function EquipmentDetail({ loaderData }: Route.ComponentProps) {
  const { item, form, today } = loaderData;
  const actionData = useActionData<typeof action>();
  const rootData = useRouteLoaderData<{ toast: Toast | null; siteUrl: string }>("root");
  const sentReference = rootData?.toast?.reference;
  const itemUrl = `${rootData?.siteUrl ?? ""}/equipment/${item.id}`;
  const { card } = equipmentPage;
  return (
    <main id="main" className="bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <Link
          to="/equipment"
          className="inline-flex items-center gap-1 text-sm font-semibold text-accent-strong hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to the catalogue
        </Link>
        <div className="mt-6 grid gap-10 lg:grid-cols-2" itemScope itemType="https://schema.org/Product">
          <link itemProp="url" href={itemUrl} />
          <EquipmentOfferMarkup item={item} url={itemUrl} />
          <div className="space-y-4">
            <EquipmentPicture
              itemProp="image"
              item={item}
              photo={item.photos[0]}
              sizes="(min-width: 1152px) 540px, (min-width: 1024px) 50vw, 100vw"
              eager
              className="w-full rounded-xl border border-line bg-surface-sunken"
            />
            {item.photos.length > 1 ? (
              <ul className="grid grid-cols-2 gap-4" aria-label={`More photos of the ${item.name}`}>
                {item.photos.slice(1).map((photo) => (
                  <li key={photo.id}>
                    <EquipmentPicture
                      item={item}
                      photo={photo}
                      sizes="(min-width: 1152px) 262px, (min-width: 1024px) 25vw, 50vw"
                      eager={false}
                      className="h-auto w-full rounded-lg border border-line bg-surface-sunken"
                    />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <div>
            <p className="text-sm font-medium text-ink-subtle" itemProp="category">
              {CATEGORY_LABELS[item.category]}
            </p>
            <h1 itemProp="name" className="mt-1 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
              {item.name}
            </h1>
            <div className="mt-3">
              <AvailabilityBadge availability={item.availability} />
            </div>
            <p className="mt-6 text-ink-muted" itemProp="description">
              {item.description}
            </p>
            <dl className="mt-6 grid grid-cols-2 gap-4 rounded-xl bg-surface-muted p-5">
              <div>
                <dt className="text-sm text-ink-subtle">{card.rentalLabel}</dt>
                <dd className="text-xl font-bold text-ink">{item.rentalPrice}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-subtle">{card.saleLabel}</dt>
                <dd className="text-xl font-bold text-ink">{item.salePrice}</dd>
              </div>
            </dl>
            <EquipmentRateCard item={item} />
            <EquipmentDetails item={item} />
            <div className="mt-6 flex flex-wrap gap-3">
              <ButtonLink href={`${card.inquireHref}?equipment=${item.id}`}>
                Inquire about the {item.name}
              </ButtonLink>
              <ButtonLink
                href={whatsappLink(
                  `Hello, I'm interested in the ${item.name} from your equipment catalogue.`,
                )}
                variant="secondary"
              >
                Ask on WhatsApp
              </ButtonLink>
            </div>
          </div>
        </div>
        <div className="mt-12 grid gap-10 lg:grid-cols-2">
          <section aria-labelledby="specs-heading">
            <h2 id="specs-heading" className="text-2xl font-semibold text-ink">
              Specifications
            </h2>
            <table className="mt-4 w-full text-left text-sm">
              <caption className="sr-only">Specifications of the {item.name}</caption>
              <tbody className="divide-y divide-line">
                {item.specs.map((spec) => (
                  <tr key={spec.key}>
                    <th scope="row" className="py-3 pr-4 font-medium text-ink-subtle">
                      {spec.label}
                    </th>
                    <td className="py-3 font-semibold text-ink">{spec.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section aria-labelledby="features-heading">
            <h2 id="features-heading" className="text-2xl font-semibold text-ink">
              Features
            </h2>
            <div className="mt-4">
              <CheckList items={item.features} />
            </div>
          </section>
        </div>
        <section
          aria-labelledby="request-heading"
          className="mt-12 rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8"
        >
          <h2 id="request-heading" className="text-2xl font-semibold text-ink">
            {equipmentRequestForm.heading}
          </h2>
          <p className="mt-2 mb-6 text-ink-muted">{equipmentRequestForm.intro}</p>
          {sentReference ? <InquirySent reference={sentReference} replyFrom={form.replyFrom} /> : null}
          <EquipmentRequestForm
            itemId={item.id}
            machine={item}
            values={actionData?.values ?? EMPTY_EQUIPMENT_REQUEST_VALUES}
            fieldErrors={actionData?.fieldErrors ?? {}}
            formError={actionData?.formError}
            formToken={actionData?.formToken ?? form.formToken}
            visit={actionData?.visit ?? form.visit}
            today={today}
          />
        </section>
        <p className="mt-10 text-sm text-ink-subtle">{equipmentPage.pricingNote}</p>
        <div className="mt-8">
          <NoticeBox notice={equipmentPage.deliveryNotice} />
        </div>
      </div>
    </main>
  );
}
