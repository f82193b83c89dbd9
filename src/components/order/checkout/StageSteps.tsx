// The purchase stages above checkout: where the visitor is, and a failed payment in red.
import type { CheckoutState } from './useCheckout'

export function StageSteps({ c }: { c: CheckoutState }) {
  const { texts, stage } = c
  const labels = [texts.stagePricing, texts.emailLabel, texts.methodLegend, texts.cardLegend, stage === 5 ? texts.stageFailed : texts.stageSuccess]
  return (
    <nav aria-label={texts.stepsLabel} className="mt-6" data-stage={stage}>
      <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {labels.map((label, index) => {
          const current = index === Math.min(stage, 4)
          return (
            <li key={index} aria-current={current ? 'step' : undefined} className={`flex items-center gap-2 ${current ? 'font-semibold' : index < stage ? '' : 'text-muted'}`}>
              <span aria-hidden="true" className={`grid size-6 place-items-center rounded-full border ${current ? (stage === 5 ? 'border-red-700 bg-red-700 text-white' : 'border-brand-600 bg-brand-600 text-white') : 'border-line'}`}>
                {index + 1}
              </span>
              {label}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
