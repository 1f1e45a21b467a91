import { z } from "zod";
import { AVAILABILITY_VALUES, EQUIPMENT_CATEGORIES } from "~/content/equipment";
import { catalogueEditor } from "~/content/catalogue-editor";
import { multiLine, stripSingleLineControls } from "~/forms/single-line";
import { CONDITION_VALUES } from "~/lib/catalogue/catalogue-item";
import { formatUsd, HIRE_UNITS } from "~/lib/catalogue/rate-card";

const { limits, messages } = catalogueEditor;

const oneLine = (message: string, max: number) =>
  z.string().overwrite(stripSingleLineControls).trim().max(max, message);

const requiredLine = (required: string, max: number, tooLong: string) =>
  oneLine(tooLong, max).min(1, required);

/** A whole number typed in a field; blank is null where `optional`. */
function wholeNumber(label: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return null;
      const number = Number(value.replace(/,/g, ""));
      if (!Number.isInteger(number) || number < min || number > max) {
        ctx.addIssue({ code: "custom", message: messages.wholeNumber(label, min, max) });
        return z.NEVER;
      }
      return number;
    });
}

const calendarDay = z
  .string()
  .trim()
  .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value), messages.dateInvalid)
  .refine(
    (value) => value === "" || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value,
    messages.dateInvalid,
  )
  .transform((value) => (value === "" ? null : value));

/** Lines of text, blank lines dropped: the features. */
const lines = (label: string, maxLines: number, maxLength: number) =>
  multiLine(z.string().max(maxLines * (maxLength + 2), messages.tooMany(label, maxLines))).transform(
    (value, ctx) => {
      const found = value
        .split("\n")
        .map((line) => stripSingleLineControls(line).trim())
        .filter((line) => line !== "");
      if (found.length > maxLines)
        ctx.addIssue({ code: "custom", message: messages.tooMany(label, maxLines) });
      const long = found.find((line) => line.length > maxLength);
      if (long) ctx.addIssue({ code: "custom", message: messages.lineTooLong(label, maxLength) });
      return found;
    },
  );

/** "Label: value" per line; the key is the label's words joined, as the shipped items' keys are. */
const specs = lines("specification", limits.specs, limits.line).transform((found, ctx) =>
  found.flatMap((line) => {
    const colon = line.indexOf(":");
    const label = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (colon < 1 || label === "" || value === "") {
      ctx.addIssue({ code: "custom", message: messages.specLine(line) });
      return [];
    }
    const words = label.toLowerCase().match(/[a-z0-9]+/g) ?? ["spec"];
    const key = words
      .map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
      .join("");
    return [{ key, label, value }];
  }),
);

const usd = (label: string) => wholeNumber(label, 1, limits.maxUsd);

/**
 * The editor's form of an item. The rate card must make sense as a whole:
 * a machine offered for rent has a day rate, one for sale only has none, and
 * the week and month rates cost less than the days they cover.
 */
export const EquipmentItemSchema = z
  .object({
    name: requiredLine(messages.nameRequired, limits.name, messages.tooLong("name", limits.name)),
    category: z.enum(EQUIPMENT_CATEGORIES, { error: messages.categoryRequired }),
    description: multiLine(
      z
        .string()
        .trim()
        .min(1, messages.descriptionRequired)
        .max(limits.description, messages.tooLong("description", limits.description)),
    ),
    features: lines("feature", limits.features, limits.line),
    specs,
    image_alt: requiredLine(messages.imageAltRequired, limits.line, messages.tooLong("text", limits.line)),
    availability: z.enum(AVAILABILITY_VALUES, { error: messages.availabilityRequired }),
    day_rate_usd: usd("The day rate"),
    week_rate_usd: usd("The week rate"),
    month_rate_usd: usd("The month rate"),
    hours_per_day: wholeNumber("The hours a day", 1, 24),
    minimum_hire_count: wholeNumber("The minimum hire", 1, 24).refine((value) => value !== null, {
      message: messages.minimumHireRequired,
    }),
    minimum_hire_unit: z.enum(HIRE_UNITS, { error: messages.minimumHireUnit }),
    sale_price_usd: usd("The sale price"),
    next_available_on: calendarDay,
    location: oneLine(messages.tooLong("location", limits.name), limits.name).transform(
      (value) => value || null,
    ),
    condition: z
      .union([z.literal(""), z.enum(CONDITION_VALUES)], { error: messages.conditionInvalid })
      .transform((value) => (value === "" ? null : value)),
    year: wholeNumber("The year", 1950, 2100),
    hour_meter: wholeNumber("The hour meter", 0, 1_000_000),
    serial_number: oneLine(messages.tooLong("serial number", limits.serial), limits.serial).transform(
      (value) => value || null,
    ),
  })
  .superRefine((item, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const day = item.day_rate_usd;
    const forRent = item.availability !== "sale-only";
    if (forRent && day === null) issue("day_rate_usd", messages.dayRateRequired);
    if (!forRent && (day !== null || item.week_rate_usd !== null || item.month_rate_usd !== null)) {
      issue("day_rate_usd", messages.noRatesForSaleOnly);
    }
    if (day !== null && item.week_rate_usd !== null) {
      if (item.week_rate_usd >= day * 7) issue("week_rate_usd", messages.weekRateTooHigh(formatUsd(day * 7)));
      if (item.week_rate_usd <= day) issue("week_rate_usd", messages.weekRateTooLow);
    }
    if (day !== null && item.month_rate_usd !== null) {
      if (item.month_rate_usd >= day * 30)
        issue("month_rate_usd", messages.monthRateTooHigh(formatUsd(day * 30)));
      else if (item.week_rate_usd !== null && item.month_rate_usd <= item.week_rate_usd) {
        issue("month_rate_usd", messages.monthRateTooLow);
      }
    }
    if (day === null && (item.week_rate_usd !== null || item.month_rate_usd !== null) && forRent) {
      issue("week_rate_usd", messages.dayRateFirst);
    }
    if (item.availability === "rental-only" && item.sale_price_usd !== null) {
      issue("sale_price_usd", messages.noSalePriceForRentalOnly);
    }
  });

export type EquipmentItemInput = z.output<typeof EquipmentItemSchema>;
