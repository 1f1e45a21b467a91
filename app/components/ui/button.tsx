import { useNavigation } from "react-router";
import { cva, type VariantProps } from "class-variance-authority";
import type { ButtonHTMLAttributes } from "react";
import { cn } from "~/components/ui/cn";

/**
 * Also for links styled as buttons: `<Link className={buttonVariants({ variant: "secondary" })}>`.
 * The shape every variant shares is `ui-button` in app.css; utilities added here win over it.
 */
export const buttonVariants = cva("ui-button", {
  variants: {
    variant: {
      primary: "bg-accent text-on-fill hover:bg-accent-strong",
      secondary: "bg-surface text-ink ring-1 ring-line-strong hover:bg-surface-sunken",
      outline: "bg-transparent text-current ring-1 ring-current hover:bg-black/5",
      ghost: "bg-transparent text-ink-soft hover:bg-surface-sunken",
      destructive: "bg-danger text-on-fill hover:bg-danger-strong",
    },
    size: {
      default: "min-h-11 px-5 py-2.5",
      compact: "min-h-11 px-3 py-2.5",
      small: "min-h-9 px-5 py-1.5",
    },
    width: {
      auto: "",
      full: "w-full",
    },
  },
  defaultVariants: { variant: "primary", size: "default", width: "auto" },
});

export type ButtonVariant = NonNullable<VariantProps<typeof buttonVariants>["variant"]>;

export function Button({
  className,
  variant,
  size,
  width,
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & VariantProps<typeof buttonVariants>) {
  return (
    // The type defaults to "button" here; a submit button says so.
    <button type={type} className={cn(buttonVariants({ variant, size, width }), className)} {...props} />
  );
}

/** A form's submit button, which says what it is doing while the form is sent. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  ...props
}: Omit<Parameters<typeof Button>[0], "type" | "children"> & {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Button type="submit" disabled={busy} width="full" {...props}>
      {busy ? busyLabel : label}
    </Button>
  );
}

/** Whether the page is posting the form with this `intent` (and `id`, for one row's form). */
export function useSubmitting(intent: string, id?: string): boolean {
  const { state, formData } = useNavigation();
  return (
    state === "submitting" &&
    formData?.get("intent") === intent &&
    (id === undefined || formData.get("id") === id)
  );
}
