import type { ReactNode } from "react";

export type BadgeTone = "neutral" | "gold" | "green" | "blue" | "dark";

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-stone-100 text-stone-800 ring-stone-300",
  gold: "bg-amber-50 text-amber-900 ring-amber-300",
  green: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  blue: "bg-sky-50 text-sky-900 ring-sky-300",
  dark: "bg-stone-900 text-amber-200 ring-amber-400/40",
};

export function Badge({ children, tone = "neutral" }: { children: ReactNode; tone?: BadgeTone }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
