import { describe, expect, it } from 'vitest';
import { bonusSweep } from '../app/testing/fixtures';
import { sweepPlotSvg } from './sweep-plot-svg';

interface Drawn {
  value: string;
  title: string;
  cx: number;
  cy: number;
  /** The whisker's ends: y of the low and of the high end of the interval. */
  low: number;
  high: number;
}

/** Each point of a kind ("pass", "difference") as the SVG draws it. */
function drawn(svg: string, kind: string): Drawn[] {
  const groups = [...svg.matchAll(new RegExp(`<g class="${kind}" data-value="([^"]*)"><title>([^<]*)</title>(.*?)</g>`, 'g'))];
  return groups.map(([, value, title, body]) => {
    const whisker = /<line class="whisker" x1="([\d.]+)" x2="[\d.]+" y1="([\d.]+)" y2="([\d.]+)"/.exec(body!)!;
    const circle = /<circle cx="([\d.]+)" cy="([\d.]+)"/.exec(body!)!;
    expect(whisker[1], `${kind} ${value}: whisker and dot at the same x`).toBe(circle[1]);
    return { value: value!, title: title!, cx: Number(circle[1]), cy: Number(circle[2]), low: Number(whisker[2]), high: Number(whisker[3]) };
  });
}

describe('the sweep plot the CLI writes', () => {
  const svg = sweepPlotSvg(bonusSweep(), 'the bonus weight swept');

  it('draws pass@1 of each evaluated value with its 95% interval, on a numeric axis in order', () => {
    const pass = drawn(svg, 'pass');
    expect(pass.map((p) => p.value)).toEqual(['0', '0.5', '1']);
    expect(pass.map((p) => p.title)).toEqual(['bonus_weight 0: 40.0% (30.3-50.3)', 'bonus_weight 0.5: 47.0% (36.9-57.2)', 'bonus_weight 1: 45.0% (35.0-55.3)']);
    const [zero, half, one] = pass as [Drawn, Drawn, Drawn];
    // x proportional to the value: 0.5 halfway between 0 and 1.
    expect(half.cx - zero.cx).toBeCloseTo((one.cx - zero.cx) / 2, 0);
    // Higher pass@1 is higher on the page (smaller y), inside its whisker.
    expect(half.cy).toBeLessThan(one.cy);
    expect(one.cy).toBeLessThan(zero.cy);
    for (const p of pass) expect(p.high < p.cy && p.cy < p.low, p.value).toBe(true);
    // One scale for every whisker: lengths in proportion to the intervals' widths.
    expect((zero.low - zero.high) / (half.low - half.high)).toBeCloseTo((0.5028 - 0.3033) / (0.5724 - 0.3694), 1);
  });

  it('marks a value not evaluated yet instead of drawing it', () => {
    expect(svg.match(/<text class="missing"[^>]*>not evaluated<\/text>/g)).toHaveLength(1);
  });

  it('draws the paired difference from the reference around a zero line, the reference on it', () => {
    const diff = drawn(svg, 'difference');
    expect(diff.map((d) => d.title)).toEqual(['bonus_weight 0: -5.0 points (-9.0 to -1.0)', 'bonus_weight 0.5: +2.0 points (-3.0 to 7.0)']);
    const zero = Number(/<line class="zero" x1="[\d.]+" x2="[\d.]+" y1="([\d.]+)"/.exec(svg)![1]);
    const [behind, unclear] = diff as [Drawn, Drawn];
    // Behind: the whole interval below the zero line; no difference shown: the interval crosses it.
    expect(behind.high).toBeGreaterThan(zero);
    expect(unclear.high).toBeLessThan(zero);
    expect(unclear.low).toBeGreaterThan(zero);
    expect(svg).toMatch(new RegExp(`<g class="reference"><circle cx="[\\d.]+" cy="${zero}"[^>]*/><text[^>]*>reference</text></g>`));
  });

  it('labels the axes: every value, the field, the reference and the difference scale in points', () => {
    expect([...svg.matchAll(/<text class="tick"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toEqual(['0', '0.5', '1', '3']);
    expect(svg).toContain('>the bonus weight swept</text>');
    expect(svg).toContain('against bonus_weight</text>');
    expect(svg).toContain('>difference from bonus_weight=1 in points (paired over seeds and problems, 95% interval)</text>');
    for (const label of ['-10', '-5', '+5', '+10']) expect(svg).toContain(`>${label}</text>`);
  });
});
