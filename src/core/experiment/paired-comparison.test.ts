import { describe, expect, it } from 'vitest';
import { encodeOutcomes } from '../eval/outcomes';
import { pairedBootstrap } from '../eval/paired-bootstrap';
import type { MethodName } from './methods';
import { pairedComparison, referenceColumn } from './paired-comparison';
import { pairedWords } from './paired-words';
import type { TableRow } from './result';
import { scoreCounts } from './score';

const bools = (bits: string) => [...bits].map((b) => b === '1');

function row(method: MethodName, bits: string | null, n = bits?.length ?? 4): TableRow {
  const right = bits ? bools(bits) : [];
  return {
    method,
    label: method,
    chosen: 'A->B',
    test: scoreCounts(right.filter(Boolean).length, n),
    ...(bits === null ? {} : { testOutcomes: encodeOutcomes(right) }),
    finalLength: 10,
    candidates: [],
  };
}

const seed1 = [row('agon', '1101101110'), row('grpo', '1001100110'), row('moa', '1101101110')];
const seed2 = [row('agon', '0111011011'), row('grpo', '0110010011'), row('moa', '0111011011')];

describe('paired comparison of two methods', () => {
  it('bootstraps every seed of a run, pairing each seed with itself', () => {
    const c = pairedComparison({ method: 'agon', tables: [seed1, seed2] }, { method: 'grpo', tables: [seed1, seed2] });
    expect(c).toEqual({ ok: true, difference: pairedBootstrap([{ x: bools('1101101110'), y: bools('1001100110') }, { x: bools('0111011011'), y: bools('0110010011') }]) });
  });

  it('pairs two runs of the same config seed by seed', () => {
    const other = [[row('agon', '1001100110')], [row('agon', '0110010011')]];
    const c = pairedComparison({ method: 'agon', tables: [seed1, seed2] }, { method: 'agon', tables: other });
    expect(c.ok && c.difference.mean).toBeCloseTo(0.2, 12);
  });

  it('says why when it cannot pair', () => {
    const why = (c: ReturnType<typeof pairedComparison>) => (c.ok ? 'ok' : c.why);
    expect(why(pairedComparison({ method: 'agon', tables: [[row('agon', null)]] }, { method: 'grpo', tables: [[row('grpo', '1010')]] }))).toBe('per-problem outcomes not recorded in this result');
    expect(why(pairedComparison({ method: 'agon', tables: [seed1] }, { method: 'zero-shot', tables: [seed1] }))).toBe('Zero-shot base has no evaluation here');
    expect(why(pairedComparison({ method: 'zero-shot', tables: [seed1] }, { method: 'agon', tables: [seed1] }))).toBe('no evaluation yet');
    expect(why(pairedComparison({ method: 'agon', tables: [seed1] }, { method: 'agon', tables: [seed1, seed2] }))).toBe('1 seeds against 2');
    expect(why(pairedComparison({ method: 'agon', tables: [[row('agon', '10')]] }, { method: 'grpo', tables: [[row('grpo', '101')]] }))).toBe('measured on 2 and 3 problems, so not on the same ones');
  });

  it("fills a run's column against its reference, which says it is the reference", () => {
    const column = referenceColumn([seed1, seed2], ['agon', 'grpo', 'moa'], 'agon');
    expect(column.get('agon')).toEqual({ ok: false, why: 'the reference' });
    expect(column.get('moa')).toEqual({ ok: true, difference: { mean: 0, low: 0, high: 0 } });
    expect(column.get('grpo')?.ok && column.get('grpo')).toMatchObject({ difference: { mean: -0.2 } });
  });
});

describe('a paired comparison in words', () => {
  const words = (mean: number, low: number, high: number) => pairedWords({ ok: true, difference: { mean, low, high } });

  it('says who is ahead when the interval excludes 0, in points', () => {
    expect(words(0.038, 0.014, 0.061)).toBe('ahead by 3.8 points, 95% interval 1.4 to 6.1');
    expect(words(-0.038, -0.061, -0.014)).toBe('behind by 3.8 points, 95% interval 1.4 to 6.1');
  });

  it('shows no difference when the interval holds 0', () => {
    expect(words(0.004, -0.012, 0.02)).toBe('no difference shown (95% interval -1.2 to 2.0)');
    expect(words(0, 0, 0)).toBe('no difference shown (95% interval 0.0 to 0.0)');
    expect(words(-0.0001, -0.0002, 0)).toBe('no difference shown (95% interval 0.0 to 0.0)');
  });

  it('gives the reason when there is no figure', () => {
    expect(pairedWords({ ok: false, why: 'per-problem outcomes not recorded in this result' })).toBe('per-problem outcomes not recorded in this result');
  });
});
