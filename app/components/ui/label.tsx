import type { LabelHTMLAttributes } from "react";
import { cn } from "~/components/ui/cn";

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- the caller passes htmlFor
  return <label className={cn("ui-label", className)} {...props} />;
}
