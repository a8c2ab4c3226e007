import { describe, expect, it } from 'vitest';
import { scoreCounts } from '../core/experiment/score';
import { sweepTableText } from './sweep-table-text';

describe('the sweep table the CLI prints', () => {
  it('gives pass@1 with its interval against each value, and the paired difference from the reference', () => {
    const text = sweepTableText({
      field: 'bonus_weight',
      reference: 'bonus_weight=1',
      points: [
        { value: 0, name: 'bonus_weight=0', pooled: scoreCounts(40, 100), paired: { ok: true, difference: { mean: -0.05, low: -0.09, high: -0.01 } } },
        { value: 1, name: 'bonus_weight=1', pooled: scoreCounts(45, 100), paired: { ok: false, why: 'the reference' } },
        { value: 3, name: 'bonus_weight=3', pooled: null, paired: { ok: false, why: 'no evaluation yet' } },
      ],
    }).split('\n');
    expect(text[0]).toBe('pass@1 % on test-hard against bonus_weight (seeds pooled), paired against bonus_weight=1');
    expect(text[2]).toBe('| bonus_weight | pass@1 % (95% CI) | vs bonus_weight=1 (paired, 95% interval) |');
    expect(text[4]).toMatch(/^\| 0 \| 40\.0 \(30\.\d-50\.\d\) \| behind by 5\.0 points, 95% interval 1\.0 to 9\.0 \|$/);
    expect(text[5]).toMatch(/^\| 1 \| 45\.0 \(.*\) \| the reference \|$/);
    expect(text[6]).toBe('| 3 | not evaluated | no evaluation yet |');
  });
});
