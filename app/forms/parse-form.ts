import type { z } from "zod";

/*
 * Every form takes its HTML limits from the schema its action parses with (`constraintsOf`), so the
 * browser's checks and the server's cannot drift apart. Hand-written rather than Conform: these two
 * functions are all of it this site would use (decision 014).
 */

type FormSource = FormData | URLSearchParams;

export type FieldErrors<T extends string = string> = Partial<Record<T, string>>;

/** `values` is the text as sent (for the form to show again), per field. */
type ParsedForm<S extends z.ZodType> =
  | { ok: true; data: z.output<S>; values: Record<FieldName<S>, string> }
  | {
      ok: false;
      fieldErrors: FieldErrors<FieldName<S>>;
      first: string;
      values: Record<FieldName<S>, string>;
    };

/** The field names of an object schema (or of every option of a union); `string` otherwise. */
type FieldName<S> = S extends { shape: infer Shape } ? Extract<keyof Shape, string> : string;

export interface FieldConstraint {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  type?: "email" | "url";
}

/** Echoed values are capped, so a tampered, huge value is cheap to send back. */
const ECHO_SLACK = 100;
const ECHO_DEFAULT_MAX = 5000;

/** The first message per field, and the first overall (for a toast or a summary). */
export function collectFieldErrors<T extends string>(
  error: z.ZodError,
): { fieldErrors: FieldErrors<T>; first: string } {
  const fieldErrors: FieldErrors<T> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as T;
    fieldErrors[field] ??= issue.message;
  }
  return { fieldErrors, first: error.issues[0]?.message ?? "Please check the form." };
}

/** Reads the named text fields of a form; anything else (e.g. a file) becomes "". */
export function readFields<T extends string>(formData: FormSource, names: readonly T[]): Record<T, string> {
  const values = {} as Record<T, string>;
  for (const name of names) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** An object schema reads exactly its own fields; any other (a union of intents) every text field as sent. */
export function parseForm<S extends z.ZodType>(schema: S, formData: FormSource): ParsedForm<S> {
  const constraints: Record<string, FieldConstraint> = constraintsOf(schema);
  const shape = shapeOf(schema);
  const values: Record<string, string> = shape
    ? readFields(formData, Object.keys(shape))
    : Object.fromEntries(
        [...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      );
  for (const [name, value] of Object.entries(values)) {
    values[name] = value.slice(0, (constraints[name]?.maxLength ?? ECHO_DEFAULT_MAX) + ECHO_SLACK);
  }
  const result = schema.safeParse(values);
  const fieldValues = values as Record<FieldName<S>, string>;
  if (result.success) return { ok: true, data: result.data, values: fieldValues };
  const { fieldErrors, first } = collectFieldErrors<FieldName<S>>(result.error);
  return { ok: false, fieldErrors, first, values: fieldValues };
}

/** The HTML constraints of every field of an object schema (or a union of them). */
export function constraintsOf<S extends z.ZodType>(schema: S): Record<FieldName<S>, FieldConstraint> {
  const constraints: Record<string, FieldConstraint> = {};
  for (const [name, field] of Object.entries(shapeOf(schema) ?? {})) {
    constraints[name] = constraintOf(field);
  }
  return constraints as Record<FieldName<S>, FieldConstraint>;
}

// Zod 4 keeps a schema's definition in `_zod.def`; only the parts read here are typed.
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(schema);
  if (def.type === "object") return (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
  if (def.type === "union" && def.options) {
    return Object.assign({}, ...def.options.map((option) => shapeOf(option) ?? {})) as Record<
      string,
      z.ZodType
    >;
  }
  if (def.type === "pipe" && def.in) return shapeOf(def.in);
  return undefined;
}

/** Wrappers that let a blank value through make a field not required; a non-empty text, a format, or a choice without "" make it required. */
export function constraintOf(schema: z.ZodType): FieldConstraint {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "catch":
    case "prefault":
      return { ...constraintOf(def.innerType!), required: false };
    case "pipe": {
      // A preprocess (or a transform) in front: what counts is what it feeds.
      const input = defOf(def.in!).type === "transform" ? {} : constraintOf(def.in!);
      const output = defOf(def.out!).type === "transform" ? {} : constraintOf(def.out!);
      return withoutUndefined({
        ...output,
        ...input,
        required: Boolean(input.required || output.required),
        type: input.type ?? output.type,
      });
    }
    case "string": {
      const text = schema as unknown as {
        minLength: number | null;
        maxLength: number | null;
        format: string | null;
      };
      return withoutUndefined({
        required: (text.minLength ?? 0) > 0 || refusesBlank(schema, text.format),
        minLength: text.minLength !== null && text.minLength > 1 ? text.minLength : undefined,
        maxLength: text.maxLength ?? undefined,
        type: text.format === "email" || text.format === "url" ? text.format : undefined,
      });
    }
    case "enum":
      return { required: !Object.values(def.entries ?? {}).includes("") };
    case "literal":
      return { required: !(def.values ?? []).includes("") };
    case "union": {
      const options = (def.options ?? []).map(constraintOf);
      return { required: options.every((option) => option.required) };
    }
    default:
      return {};
  }
}

/** A format (an email address, a date) refuses "", and so does a pattern that does not match it. */
function refusesBlank(schema: z.ZodType, format: string | null): boolean {
  if (format === null || format === "") return false;
  if (format !== "regex") return true;
  const checks = (schema._zod.def as { checks?: { _zod: { def: { pattern?: RegExp } } }[] }).checks ?? [];
  return checks.some((check) => check._zod.def.pattern?.test("") === false);
}

function withoutUndefined(constraint: FieldConstraint): FieldConstraint {
  return Object.fromEntries(Object.entries(constraint).filter(([, value]) => value !== undefined));
}
