import type { InputHTMLAttributes, ReactNode } from "react";
import type { FieldConstraint } from "~/forms/parse-form";
import { Field } from "./ui/field";
import { Input } from "./ui/input";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  label: ReactNode;
  name: string;
  id?: string;
  description?: ReactNode;
  error?: string;
  /** The field's limits from its schema: required, lengths and type become attributes. */
  constraint?: FieldConstraint;
  fieldClassName?: string;
}

/** A one-line text field: Field around an Input. */
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
