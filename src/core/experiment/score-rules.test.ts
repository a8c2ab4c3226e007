import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_SCORE_N, scoreProblems, withIncreasingSteps, withScoreRules, type ScoreNumbers } from './score-rules';
import { scoreCounts } from './score';

const good: ScoreNumbers = scoreCounts(30, 100);
const schema = withScoreRules(z.object({ correct: z.number(), n: z.number(), passAt1: z.number(), low: z.number(), high: z.number() }));

/** The fields and messages of every issue the schema raises for `score`. */
function refusal(score: ScoreNumbers): { path: string; message: string }[] {
  const parsed = schema.safeParse(score);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('score rules', () => {
  it('accept what the app computes, and its 4-digit rounding', () => {
    expect(refusal(good)).toEqual([]);
    expect(refusal(scoreCounts(0, 0))).toEqual([]);
    expect(refusal(scoreCounts(MAX_SCORE_N, MAX_SCORE_N))).toEqual([]);
    const rounded = Object.fromEntries(Object.entries(scoreCounts(1, 3)).map(([k, v]) => [k, Number(v.toPrecision(4))])) as unknown as ScoreNumbers;
    expect(refusal(rounded)).toEqual([]);
  });

  it('refuse counts that are not whole numbers', () => {
    expect(refusal({ ...good, correct: 2.5 })).toEqual([{ path: 'correct', message: 'correct must be a whole number, 0 or more (got 2.5)' }]);
    expect(refusal({ ...good, n: 99.5 })[0]?.path).toBe('n');
  });

  it('refuse negative counts', () => {
    expect(refusal({ ...good, correct: -1 })[0]).toMatchObject({ path: 'correct' });
    expect(refusal({ ...good, n: -3 })[0]).toMatchObject({ path: 'n' });
  });

  it('refuse more correct answers than answers', () => {
    expect(refusal({ ...good, correct: 1_000_000_000, n: 1 })).toEqual([{ path: 'correct', message: 'correct (1000000000) is greater than n (1)' }]);
  });

  it('refuse more answers than one evaluation scores (the interval would take for ever)', () => {
    expect(refusal({ ...good, correct: 5, n: MAX_SCORE_N + 1 })[0]?.message).toContain(`at most ${MAX_SCORE_N}`);
  });

  it('refuse a pass@1 that is not correct / n', () => {
    expect(refusal({ ...good, passAt1: 0.31 })).toEqual([{ path: 'passAt1', message: 'passAt1 0.31 does not equal correct / n = 30 / 100' }]);
    expect(refusal({ ...scoreCounts(0, 0), passAt1: 0.5, high: 1 })[0]?.path).toBe('passAt1');
  });

  it('refuse an interval upside down', () => {
    expect(refusal({ ...good, low: 0.9, high: 0.1 })).toEqual([{ path: 'low', message: 'the interval is upside down: low 0.9 is above high 0.1' }]);
  });

  it('refuse an interval outside [0, 1], or one that misses its pass@1', () => {
    expect(refusal({ ...good, high: 1.2 })).toEqual([{ path: 'high', message: 'high 1.2 is outside [0, 1]' }]);
    expect(refusal({ ...good, low: -0.1 })[0]?.path).toBe('low');
    expect(refusal({ ...good, low: 0.4, high: 0.5 })).toEqual([{ path: 'passAt1', message: 'passAt1 0.3 lies outside its interval [0.4, 0.5]' }]);
  });

  it('refuse non-finite values', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      for (const field of ['correct', 'n', 'passAt1', 'low', 'high'] as const) {
        expect(scoreProblems({ ...good, [field]: bad }).length, `${field} = ${bad}`).toBeGreaterThan(0);
      }
    }
  });

  it('refuse a curve whose steps do not increase', () => {
    const curve = withIncreasingSteps(z.array(z.object({ step: z.number() })));
    expect(curve.safeParse([{ step: 0 }, { step: 5 }, { step: 10 }]).success).toBe(true);
    for (const steps of [[0, 5, 5], [0, 10, 5]]) {
      const parsed = curve.safeParse(steps.map((step) => ({ step })));
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(parsed.error.issues[0]).toMatchObject({ path: [2, 'step'], message: `the curve's steps must increase: step ${steps[2]} follows step ${steps[1]}` });
    }
  });
});
