import type { ProcessStep } from "~/content/types";

/** Numbered steps; the timeframe, when known, is shown beside the title. */
export function ProcessSteps({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <ol className="mx-auto grid max-w-4xl gap-4">
      {steps.map((step) => (
        <li key={step.step} className="flex gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-stone-900 font-bold text-amber-300"
          >
            {step.step}
          </span>
          <div>
            <h3 className="font-semibold text-stone-900">
              <span className="sr-only">Step {step.step}: </span>
              {step.title}
            </h3>
            {step.timeframe ? (
              <p className="mt-1 text-sm font-medium text-amber-800">Timeframe: {step.timeframe}</p>
            ) : null}
            <p className="mt-2 text-stone-700">{step.description}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
