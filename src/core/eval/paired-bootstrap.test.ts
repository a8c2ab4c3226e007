import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../random';
import { BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, pairedBootstrap, pairedRatioBootstrap, type PairedOutcomes } from './paired-bootstrap';

const bools = (bits: string) => [...bits].map((b) => b === '1');

/** The bootstrap written out plainly, from the description in docs/method.md, to hold the fast one to. */
function reference(seeds: { x: string; y: string }[], statistic = (xRight: number, yRight: number, n: number) => xRight / n - yRight / n): { low: number; high: number } {
  const rng = new Rng(BOOTSTRAP_SEED);
  const stats: number[] = [];
  for (let b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
    let xRight = 0;
    let yRight = 0;
    let n = 0;
    for (let s = 0; s < seeds.length; s++) {
      const seed = seeds[rng.int(seeds.length)]!;
      for (let p = 0; p < seed.x.length; p++) {
        const i = rng.int(seed.x.length);
        xRight += Number(seed.x[i]);
        yRight += Number(seed.y[i]);
        n += 1;
      }
    }
    stats.push(statistic(xRight, yRight, n));
  }
  stats.sort((a, b) => a - b);
  return { low: stats[50]!, high: stats[1949]! };
}

const HAND_MADE = [
  { x: '1101101110', y: '1001100110' },
  { x: '0111011011', y: '0110010011' },
  { x: '1111010110', y: '1101010100' },
];

describe('paired bootstrap', () => {
  it('gives [0, 0] when both methods got the same problems right', () => {
    const x = bools('1011001110');
    expect(pairedBootstrap([{ x, y: x }])).toEqual({ mean: 0, low: 0, high: 0 });
  });

  it('gives [d, d] when one method is right exactly where the other is wrong on a fixed share of every seed', () => {
    // Every problem differs, in the same direction: each resample is all +1.
    expect(pairedBootstrap([{ x: bools('1111'), y: bools('0000') }, { x: bools('11'), y: bools('00') }])).toEqual({ mean: 1, low: 1, high: 1 });
  });

  it('equals a plain loop over seeds and problems, on a small hand-made run of three seeds', () => {
    const expected = reference(HAND_MADE);
    const got = pairedBootstrap(HAND_MADE.map((s) => ({ x: bools(s.x), y: bools(s.y) })));
    expect(got.mean).toBeCloseTo(0.2, 12);
    expect(got.low).toBeCloseTo(expected.low, 12);
    expect(got.high).toBeCloseTo(expected.high, 12);
    expect(got.low).toBeGreaterThan(0);
  });

  it('with one seed, is a bootstrap over problems whose interval narrows as problems are added', () => {
    const few = pairedBootstrap([{ x: bools('1101'), y: bools('1001') }]);
    const many = pairedBootstrap([{ x: bools('1101'.repeat(50)), y: bools('1001'.repeat(50)) }]);
    expect(few.mean).toBe(0.25);
    expect(many.mean).toBe(0.25);
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
  });

  it('gives the ratio of the two pass@1 with its interval from the same resamples', () => {
    const expected = reference(HAND_MADE, (xRight, yRight) => xRight / yRight);
    const got = pairedRatioBootstrap(HAND_MADE.map((s) => ({ x: bools(s.x), y: bools(s.y) })))!;
    // x is right on 21 of 30 problems, y on 15.
    expect(got.mean).toBeCloseTo(21 / 15, 12);
    expect(got.low).toBeCloseTo(expected.low, 12);
    expect(got.high).toBeCloseTo(expected.high, 12);
    expect(got.low).toBeGreaterThan(1);
  });

  it('has no ratio when the reference got nothing right', () => {
    expect(pairedRatioBootstrap([{ x: bools('1010'), y: bools('0000') }])).toBeNull();
  });

  it('refuses seeds whose methods saw different numbers of problems', () => {
    expect(() => pairedBootstrap([{ x: [true], y: [true, false] }])).toThrow(RangeError);
    expect(() => pairedBootstrap([])).toThrow(/no seeds/);
  });
});

const run = fc.array(
  fc.integer({ min: 1, max: 30 }).chain((n) => fc.record({ x: fc.array(fc.boolean(), { minLength: n, maxLength: n }), y: fc.array(fc.boolean(), { minLength: n, maxLength: n }) })),
  { minLength: 1, maxLength: 4 },
);

describe('paired bootstrap, properties', () => {
  it('a method against itself: point estimate 0, interval [0, 0]', () => {
    fc.assert(fc.property(run, (seeds) => {
      const d = pairedBootstrap(seeds.map(({ x }) => ({ x, y: x })));
      expect(d).toEqual({ mean: 0, low: 0, high: 0 });
    }), { numRuns: 50 });
  });

  it('swapping the two methods mirrors the point estimate and the interval', () => {
    fc.assert(fc.property(run, (seeds: PairedOutcomes[]) => {
      const d = pairedBootstrap(seeds);
      const swapped = pairedBootstrap(seeds.map(({ x, y }) => ({ x: y, y: x })));
      expect(swapped.mean).toBe(-d.mean + 0);
      expect(swapped.low).toBe(-d.high + 0);
      expect(swapped.high).toBe(-d.low + 0);
      expect(d.low).toBeLessThanOrEqual(d.high);
    }), { numRuns: 50 });
  });
});
