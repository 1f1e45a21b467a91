import type { ProcessStep } from "~/content/types";

/** Numbered steps; the timeframe, when known, is shown beside the title. */
export function ProcessSteps({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <ol className="mx-auto grid max-w-4xl gap-4">
      {steps.map((step) => (
        <li key={step.step} className="flex gap-4 rounded-xl border border-line bg-surface p-5 shadow-sm">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-inverse font-bold text-accent-bright"
          >
            {step.step}
          </span>
          <div>
            <h3 className="font-semibold text-ink">
              <span className="sr-only">Step {step.step}: </span>
              {step.title}
            </h3>
            {step.timeframe ? (
              <p className="mt-1 text-sm font-medium text-accent-strong">Timeframe: {step.timeframe}</p>
            ) : null}
            <p className="mt-2 text-ink-muted">{step.description}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
