import type { ComponentProps, ReactNode } from "react";
import type { FieldConstraint } from "~/forms/parse-form";
import { Field, type FieldProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

interface TextFieldProps
  extends
    Omit<ComponentProps<"input">, "id" | "name">,
    Pick<FieldProps, "label" | "name" | "id" | "description" | "error" | "constraint"> {
  fieldClassName?: string;
}

export function TextField({
  label,
  name,
  id,
  description,
  error,
  constraint,
  fieldClassName,
  ...input
}: TextFieldProps) {
  return (
    <Field
      label={label}
      name={name}
      id={id}
      description={description}
      error={error}
      constraint={constraint}
      className={fieldClassName}
    >
      {(control) => <Input {...control} {...input} />}
    </Field>
  );
}

/**
 * Every password input of the site (sign-in, sign-up, reset, account,
 * two-factor, deletion): masked, and named for password managers, which
 * fill `current-password` and offer to make up `new-password`.
 */
export function PasswordField({
  autoComplete,
  ...props
}: Omit<TextFieldProps, "type" | "autoComplete"> & { autoComplete: "current-password" | "new-password" }) {
  return <TextField {...props} type="password" autoComplete={autoComplete} />;
}

/**
 * A new password and its confirmation (sign-up, reset, account), with the
 * limits and errors of the form's schema.
 */
export function NewPasswordFields({
  constraints,
  errors,
  labels = { password: "New password", confirmPassword: "Confirm new password" },
}: {
  constraints: Record<"password" | "confirmPassword", FieldConstraint>;
  errors?: Partial<Record<"password" | "confirmPassword", string>>;
  labels?: { password: ReactNode; confirmPassword: ReactNode };
}) {
  return (["password", "confirmPassword"] as const).map((name) => (
    <PasswordField
      key={name}
      label={labels[name]}
      name={name}
      constraint={constraints[name]}
      autoComplete="new-password"
      error={errors?.[name]}
    />
  ));
}
