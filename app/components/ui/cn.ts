import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names; of two Tailwind utilities for the same property the
 * later one wins, so a call site's `px-3` replaces a variant's `px-5`.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
