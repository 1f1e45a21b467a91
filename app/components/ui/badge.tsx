import type { ReactNode } from "react";

export type BadgeTone = "neutral" | "gold" | "green" | "blue" | "dark";

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-surface-sunken text-ink-soft ring-line-strong",
  gold: "bg-accent-wash text-accent-deep ring-accent-bright",
  green: "bg-success-wash text-success-deep ring-success-line",
  blue: "bg-sky-50 text-sky-900 ring-sky-300",
  dark: "bg-surface-inverse text-accent-pale ring-accent-line/40",
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
