/**
 * The headline ratios under a results table: each named by its formula, ours beside the
 * paper's (both computed from a table, core/experiment/headline-ratios.ts). A ratio with no
 * value says why in words rather than showing a number.
 */
import { ratioText, type HeadlineRatio } from '../../core/experiment/headline-ratios';
import { paperRatio } from '../../core/experiment/paper-table';

/** The formula with typographic minus signs, as the page writes them. */
const shown = (formula: string) => formula.replaceAll(' - ', ' − ');

export function HeadlineRatios({ ratios, qualifier, testId }: { ratios: readonly HeadlineRatio[]; qualifier?: string; testId?: string }) {
  return (
    <dl className="headline" data-testid={testId}>
      {ratios.map((r) => (
        <div key={r.id} data-ratio={r.id}>
          <dt>
            {shown(r.formula)}
            {qualifier && ` (${qualifier})`}
          </dt>
          <dd className={r.value === null ? 'undefined' : undefined}>{ratioText(r, '×')}</dd>
          <dd className="paper">paper: {ratioText(paperRatio(r.id), '×')}</dd>
        </div>
      ))}
    </dl>
  );
}
