import { cva } from "class-variance-authority";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/**
 * One look for every text field, choice and text area. The border is stone-500, which reaches
 * WCAG 1.4.11's 3:1 on white. An invalid field (aria-invalid, set by Field) turns red.
 */
const controlVariants = cva(
  // One class, `ui-control` in app.css: a form's every field repeated the same utilities.
  "ui-control",
  {
    variants: {
      kind: {
        input: "min-h-11",
        select: "min-h-11",
        textarea: "",
      },
    },
    defaultVariants: { kind: "input" },
  },
);

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(controlVariants({ kind: "input" }), className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(controlVariants({ kind: "select" }), className)} {...props} />;
}

type Choice = { value: string; label: ReactNode };

/** A select's choices as `<option>`s: a list of values and labels, or labels by value. */
export function Options({ choices }: { choices: readonly Choice[] | Readonly<Record<string, ReactNode>> }) {
  const list: readonly Choice[] = Array.isArray(choices)
    ? choices
    : Object.entries(choices).map(([value, label]) => ({ value, label }));
  return list.map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ));
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(controlVariants({ kind: "textarea" }), className)} {...props} />;
}
