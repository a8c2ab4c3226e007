import { describe, expect, it } from 'vitest';
import { bonusSweep } from '../testing/fixtures';
import { sweepChart } from './sweep-chart';

describe('a sweep as a chart', () => {
  it('places numeric values on a numeric axis, in order, each evaluated point with its 95% interval', () => {
    const chart = sweepChart(bonusSweep());
    expect(chart.axis).toBe('numeric');
    expect(chart.ticks).toEqual([{ x: 0, label: '0' }, { x: 0.5, label: '0.5' }, { x: 1, label: '1' }, { x: 3, label: '3' }]);
    // 6% of the span on each side.
    expect(chart.xRange[0]).toBeCloseTo(-0.18);
    expect(chart.xRange[1]).toBeCloseTo(3.18);
    expect(chart.pass.map((p) => [p.x, p.y])).toEqual([[0, 0.4], [0.5, 0.47], [1, 0.45]]);
    expect(chart.pass[0]!.low).toBeCloseTo(0.3033, 3);
    expect(chart.pass[0]!.high).toBeCloseTo(0.5028, 3);
  });

  it('gives the paired difference of every point but the reference, which sits on the zero line', () => {
    const chart = sweepChart(bonusSweep());
    expect(chart.difference).toEqual([
      { x: 0, label: '0', y: -0.05, low: -0.09, high: -0.01 },
      { x: 0.5, label: '0.5', y: 0.02, low: -0.03, high: 0.07 },
    ]);
    expect(chart.referenceX).toBe(1);
    expect(chart.differenceLine).toEqual([{ x: 0, y: -0.05 }, { x: 0.5, y: 0.02 }, { x: 1, y: 0 }]);
    expect(chart.differenceRange).toEqual([-0.1, 0.1]);
  });

  it('writes the numbers of each value in the sweep\'s order, for the table beside the plot', () => {
    expect(sweepChart(bonusSweep()).rows).toEqual([
      { value: '1', passAt1: '45.0 (35.0–55.3)', paired: 'the reference' },
      { value: '0', passAt1: '40.0 (30.3–50.3)', paired: 'behind by 5.0 points, 95% interval 1.0 to 9.0' },
      { value: '0.5', passAt1: '47.0 (36.9–57.2)', paired: 'no difference shown (95% interval -3.0 to 7.0)' },
      { value: '3', passAt1: 'not evaluated', paired: 'no evaluation yet' },
    ]);
  });

  it('places text values at their places in the list, and a reference outside the sweep nowhere', () => {
    const sweep = bonusSweep();
    const roles = { ...sweep, field: 'roles', reference: 'grpo', points: sweep.points.map((p, i) => ({ ...p, value: ['alternate', 'a-drafts', 'b-drafts', 'random'][i]!, name: `p${i}` })) };
    const chart = sweepChart(roles);
    expect(chart.axis).toBe('categorical');
    expect(chart.ticks).toEqual([{ x: 0, label: 'alternate' }, { x: 1, label: 'a-drafts' }, { x: 2, label: 'b-drafts' }, { x: 3, label: 'random' }]);
    expect(chart.xRange).toEqual([-0.5, 3.5]);
    expect(chart.referenceX).toBeNull();
    expect(chart.differenceLine).toEqual([{ x: 1, y: -0.05 }, { x: 2, y: 0.02 }]);
  });

  it('widens the difference axis to hold the widest interval', () => {
    const sweep = bonusSweep();
    sweep.points[1] = { ...sweep.points[1]!, paired: { ok: true, difference: { mean: -0.2, low: -0.31, high: -0.1 } } };
    expect(sweepChart(sweep).differenceRange).toEqual([-0.5, 0.5]);
  });
});
