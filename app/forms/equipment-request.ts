import { z } from "zod";
import { type Availability } from "~/content/equipment";
import { equipmentRequestForm, formatCalendarDay } from "~/content/equipment-item-page";
import { ContactFormSchema } from "~/forms/contact";
import { stripNul, stripSingleLineControls } from "~/forms/single-line";
import { earliestEndDate, hireDays } from "~/lib/catalogue/hire-period";
import { minimumHireText, type RateCard } from "~/lib/catalogue/rate-card";

const REQUEST_KINDS = ["rent", "buy"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** What each availability lets a visitor ask for. */
export const KINDS_BY_AVAILABILITY: Record<Availability, readonly RequestKind[]> = {
  available: REQUEST_KINDS,
  "rental-only": ["rent"],
  "sale-only": ["buy"],
};

export const EQUIPMENT_REQUEST_FIELDS = [
  "kind",
  "start_on",
  "end_on",
  "site_location",
  "name",
  "company",
  "email",
  "phone",
  "whatsapp",
  "notes",
] as const;
export type EquipmentRequestField = (typeof EQUIPMENT_REQUEST_FIELDS)[number];
export type EquipmentRequestValues = Record<EquipmentRequestField, string>;

export const EMPTY_EQUIPMENT_REQUEST_VALUES: EquipmentRequestValues = Object.fromEntries(
  EQUIPMENT_REQUEST_FIELDS.map((field) => [field, ""]),
) as EquipmentRequestValues;

const { messages, limits } = equipmentRequestForm;

/** A calendar day as the date input sends it; blank is "not given". */
const calendarDay = z
  .string()
  .trim()
  .refine((value) => value === "" || isCalendarDay(value), messages.dateInvalid);

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** What the request is about: the machine's offer and rate card, and today in Ghana (GMT all year). */
export interface RequestedMachine {
  name: string;
  availability: Availability;
  rateCard: Pick<RateCard, "minimumHire">;
}

/**
 * The request form of one machine: rent or buy (as its availability allows),
 * for a rental a start and an end date at least the minimum hire apart, the
 * site, and the contact form's own fields with their rules.
 */
export function equipmentRequestSchema(machine: RequestedMachine, today: string) {
  const kinds = KINDS_BY_AVAILABILITY[machine.availability];
  return z
    .object({
      kind: z.enum(REQUEST_KINDS, { error: messages.kindRequired }),
      start_on: calendarDay,
      end_on: calendarDay,
      site_location: z
        .string()
        .overwrite(stripSingleLineControls)
        .trim()
        .max(limits.siteLocation, messages.siteLocationTooLong),
      name: ContactFormSchema.shape.name,
      company: ContactFormSchema.shape.company,
      email: ContactFormSchema.shape.email,
      phone: ContactFormSchema.shape.phone,
      whatsapp: ContactFormSchema.shape.whatsapp,
      notes: z.string().overwrite(stripNul).trim().max(limits.notes, messages.notesTooLong),
    })
    .superRefine((form, ctx) => {
      const issue = (path: EquipmentRequestField, message: string) =>
        ctx.addIssue({ code: "custom", path: [path], message });
      if (!kinds.includes(form.kind)) {
        issue("kind", messages.kindNotOffered(machine.name, form.kind));
        return;
      }
      if (form.kind !== "rent") return;
      if (form.start_on === "") issue("start_on", messages.startRequired);
      if (form.end_on === "") issue("end_on", messages.endRequired);
      if (form.start_on === "" || form.end_on === "" || !isCalendarDay(form.start_on)) return;
      if (!isCalendarDay(form.end_on)) return;
      if (form.start_on < today) issue("start_on", messages.startInPast);
      else if (form.start_on > addDays(today, limits.startWithinDays))
        issue("start_on", messages.startTooFar);
      if (form.end_on < form.start_on) {
        issue("end_on", messages.endBeforeStart);
        return;
      }
      const earliest = earliestEndDate(form.start_on, machine.rateCard.minimumHire);
      if (form.end_on < earliest) {
        issue(
          "end_on",
          messages.shorterThanMinimum(
            machine.name,
            minimumHireText(machine.rateCard.minimumHire),
            formatCalendarDay(earliest),
          ),
        );
      } else if (hireDays(form.start_on, form.end_on) > limits.hireDays) {
        issue("end_on", messages.hireTooLong);
      }
    });
}

export type EquipmentRequest = z.output<ReturnType<typeof equipmentRequestSchema>>;
