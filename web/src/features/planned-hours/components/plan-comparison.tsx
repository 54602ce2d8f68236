import { planDeviationLabels, type PlanComparison } from '@portal/contracts';
import { formatDecimal } from '../../../lib/format';
import { signed } from '../grid-drafts';

/**
 * Plan against actual under a planned value: the hours recorded and the difference. Over or
 * under the plan by more than 10% is coloured and also said in words (never colour alone).
 */
export function PlanComparisonNote({ comparison }: { comparison: PlanComparison }) {
  const { deviation } = comparison;
  return (
    <span className={`plan-note plan-note--${deviation}`}>
      <span className="plan-note__actual">Actual {formatDecimal(comparison.actual)}</span>
      <span aria-hidden="true"> · </span>
      <span className="visually-hidden">, difference </span>
      <span className="plan-note__difference">
        {signed(comparison.difference)}
        {deviation === 'on-plan' ? null : (
          <>
            {' '}
            <span aria-hidden="true">{deviation === 'over' ? '▲' : '▼'}</span>{' '}
            {planDeviationLabels[deviation]}
          </>
        )}
      </span>
    </span>
  );
}

/** What the colours and marks mean, shown above the grid. */
export function PlanLegend() {
  return (
    <p className="plan-legend">
      Under each planned value: the hours recorded on the project that month and the difference (actual −
      planned). <span className="plan-note plan-note--over">▲ {planDeviationLabels.over}</span>: more than 10%
      above the plan. <span className="plan-note plan-note--under">▼ {planDeviationLabels.under}</span>: more
      than 10% below the plan.
    </p>
  );
}
