import { equipmentRequests } from "~db/schema";
import { equipmentRequestForm, formatCalendarDay } from "~/content/equipment-item-page";
import {
  type EquipmentRequest,
  type EquipmentRequestField,
  type EquipmentRequestValues,
  equipmentRequestSchema,
} from "~/forms/equipment-request";
import type { ContactInput } from "~/forms/contact";
import { parseForm } from "~/forms/parse-form";
import type { CatalogueItem } from "~/lib/catalogue/catalogue-item";
import { estimateRental, hireDays } from "~/lib/catalogue/hire-period";
import { formatUsd } from "~/lib/catalogue/rate-card";
import type { InquiryFormIntake } from "~/routes/contact.server";

/** Today's date in Ghana, which keeps GMT all year: the earliest day a hire may start. */
export function ghanaToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** What the desk reads: the machine, the dates with their length, the site and the estimate the visitor saw. */
function composeMessage(
  item: CatalogueItem,
  request: EquipmentRequest,
  days: number | null,
  estimate: number | null,
) {
  const lines =
    request.kind === "rent"
      ? [
          `Rental request: ${item.name} (/equipment/${item.id})`,
          `Dates: ${formatCalendarDay(request.start_on)} to ${formatCalendarDay(request.end_on)} (${days} days)`,
          estimate === null
            ? null
            : `Estimate shown: ${formatUsd(estimate)} (from the rate card, not a quote)`,
        ]
      : [`Quote request to buy: ${item.name} (/equipment/${item.id})`];
  lines.push(request.site_location ? `Site: ${request.site_location}` : null);
  const head = lines.filter((line) => line !== null).join("\n");
  return request.notes ? `${head}\n\n${request.notes}` : head;
}

/** The request form of `item` as an inquiry: read, checked against its rate card, stored with its machine and dates. */
export function equipmentRequestIntake(
  item: CatalogueItem,
  today: string,
): InquiryFormIntake<EquipmentRequestValues, EquipmentRequestField> {
  const schema = equipmentRequestSchema(item, today);
  return {
    sentPath: `/equipment/${item.id}`,
    parse(formData) {
      const validation = parseForm(schema, formData);
      if (!validation.ok) {
        return { ok: false, values: validation.values, fieldErrors: validation.fieldErrors };
      }
      const request = validation.data;
      const rent = request.kind === "rent";
      const days = rent ? hireDays(request.start_on, request.end_on) : null;
      const estimate = days === null ? null : estimateRental(item.rateCard, days);
      const input: ContactInput = {
        name: request.name,
        company: request.company,
        email: request.email,
        phone: request.phone,
        whatsapp: request.whatsapp,
        interest: rent ? "equipment-rental" : "equipment-purchase",
        deal_size: null,
        message: composeMessage(item, request, days, estimate),
      };
      return {
        ok: true,
        values: validation.values,
        input,
        note:
          estimate !== null && days !== null
            ? equipmentRequestForm.estimate(formatUsd(estimate), days)
            : undefined,
        onStored: async (tx, inquiryId) => {
          await tx.insert(equipmentRequests).values({
            inquiry_id: inquiryId,
            item_id: item.id,
            item_name: item.name,
            kind: request.kind,
            start_on: rent ? request.start_on : null,
            end_on: rent ? request.end_on : null,
            site_location: request.site_location || null,
            estimate_usd: estimate,
          });
        },
      };
    },
  };
}
