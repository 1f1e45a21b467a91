import { CircleAlert } from "lucide-react";
import { type ReactNode, useId } from "react";
import type { FieldConstraint, FieldErrors } from "~/forms/parse-form";
import { cn } from "~/components/ui/cn";
import { Label } from "~/components/ui/label";

/** What Field hands its control: ids, the ARIA wiring and the schema's limits. */
interface ControlProps extends FieldConstraint {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  name: string;
  /** A stable id (for links to the field); a generated one otherwise. */
  id?: string;
  description?: ReactNode;
  error?: string;
  /** The field's limits, from its schema (constraintsOf). */
  constraint?: FieldConstraint;
  /** Draws an asterisk after the label (hidden from screen readers, which hear `required`). */
  markRequired?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A label, a control, an optional description and the field's error, wired
 * together: the control is described by the description and the error, and
 * marked invalid while there is an error. The control comes from `children`,
 * which receives the props to spread on it.
 */
export function Field({
  label,
  name,
  id: givenId,
  description,
  error,
  constraint,
  markRequired = false,
  className,
  children,
}: FieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={cn("space-y-1", className)}>
      <Label htmlFor={id}>
        {label}
        {markRequired && constraint?.required ? (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            {" *"}
          </span>
        ) : null}
      </Label>
      {children({
        ...constraint,
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {description ? (
        <p id={descriptionId} className="text-sm text-ink-muted">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="flex items-start gap-1 text-sm text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A field of a form parsed by a schema: its message from the parse's errors and its limits from the schema
 * (constraintsOf), by the field's name, so an editor names each field once.
 */
export function SchemaField<Name extends string>({
  form,
  name,
  ...field
}: Omit<FieldProps, "name" | "error" | "constraint"> & {
  form: { errors: FieldErrors<Name>; limits: Record<Name, FieldConstraint> };
  name: Name;
}) {
  return <Field {...field} name={name} error={form.errors[name]} constraint={form.limits[name]} />;
}
