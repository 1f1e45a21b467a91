import { cva } from "class-variance-authority";
import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cn } from "./cn";

/**
 * One look for every text field, choice and text area. The border is
 * stone-500 (4.8:1 on white): a field's edge must be seen (WCAG 1.4.11
 * asks 3:1); stone-300 and -400 did not reach it. An invalid field
 * (aria-invalid, set by Field) turns red.
 */
export const controlVariants = cva(
  "block w-full rounded-md border border-stone-500 bg-white px-3 py-2 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-amber-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600 disabled:cursor-not-allowed disabled:opacity-70 aria-invalid:border-red-700 sm:text-sm",
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

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(controlVariants({ kind: "input" }), className)} {...props} />;
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(controlVariants({ kind: "select" }), className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(controlVariants({ kind: "textarea" }), className)} {...props} />;
}
