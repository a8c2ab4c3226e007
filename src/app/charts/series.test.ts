import { describe, expect, it } from 'vitest';
import type { ArmResult } from '../../core/experiment/result';
import { runRows } from '../../core/experiment/run-rows';
import { candidate, evalPoint } from '../testing/fixtures';
import { METHOD_COLORS, OWN_ROW_COLORS, rowColors } from './colors';
import { cascadeRateSeries, chartRows, klSeries, passAt1Series, rewardSeries } from './series';

const arms: Record<string, ArmResult> = {
  base: { stepsDone: 0, evalTokens: 0, curve: [evalPoint(0, { 'zero-shot': { candidates: [candidate('A', 1, 10), candidate('B', 2, 10)], chosen: 1 } })] },
  agon: {
    stepsDone: 2,
    evalTokens: 0,
    curve: [
      evalPoint(0, { agon: { candidates: [candidate('A->B', 3, 10, { rescueRate: 0.1, sabotageRate: 0, copyRate: 0.5 })], chosen: 0 } }),
      evalPoint(2, { agon: { candidates: [candidate('A->B', 5, 10, { rescueRate: 0.2, sabotageRate: 0.1, copyRate: 0.4 })], chosen: 0 } }, { kl: 0.02, reward: { drafter: 1, solver: 1.5 } }),
    ],
  },
};

const rowsOf = (methods: ('agon' | 'zero-shot')[]) => chartRows(runRows({ methods }));
const colorsOf = (methods: ('agon' | 'zero-shot')[]) => rowColors(runRows({ methods }));

describe('chart series', () => {
  it('draws the chosen candidate of each trained method with its interval', () => {
    const [agon] = passAt1Series(rowsOf(['agon']), arms, 'step');
    expect(agon?.points).toEqual([{ x: 0, y: 0.3 }, { x: 2, y: 0.5 }]);
    expect(agon?.band?.low[1]?.y).toBeCloseTo(0.4);
    expect(agon?.color).toBe(METHOD_COLORS.agon);
  });

  it('draws untrained methods as flat reference lines across the x range', () => {
    const [base] = passAt1Series(rowsOf(['zero-shot']), arms, 'tokens');
    expect(base?.reference).toBe(true);
    expect(base?.points).toEqual([{ x: 0, y: 0.2 }, { x: 200, y: 0.2 }]);
  });

  it('switches the x-axis to generated tokens', () => {
    expect(passAt1Series(rowsOf(['agon']), arms, 'tokens')[0]?.points.map((p) => p.x)).toEqual([0, 200]);
  });

  it('has reward per stream, KL per arm and three cascade rates', () => {
    expect(rewardSeries(arms, 'step', colorsOf(['agon'])).map((s) => s.key)).toEqual(['agon:drafter', 'agon:solver']);
    expect(klSeries(arms, 'step', colorsOf(['agon']))).toEqual([expect.objectContaining({ key: 'agon', points: [{ x: 2, y: 0.02 }] })]);
    expect(cascadeRateSeries(rowsOf(['agon']), arms, 'step').map((s) => s.key)).toEqual(['agon:rescue', 'agon:sabotage', 'agon:copy']);
  });

  it("draws a config's own arm from its own trained arm, in its own colour, in every chart", () => {
    const config = { methods: ['agon' as const], arms: [{ name: 'heavy', ...runRows({ methods: ['agon'] })[0]!.fields, bonus_weight: 2 }] };
    const heavy: ArmResult = {
      stepsDone: 2,
      evalTokens: 0,
      curve: [evalPoint(2, { heavy: { candidates: [candidate('A->B', 7, 10, { rescueRate: 0.3, sabotageRate: 0, copyRate: 0.2 })], chosen: 0 } }, { kl: 0.03, reward: { drafter: 1, solver: 2 } })],
    };
    const rows = chartRows(runRows(config));
    const colors = rowColors(runRows(config));
    const all = { ...arms, heavy };
    const pass = passAt1Series(rows, all, 'step');
    expect(pass.map((s) => s.key)).toEqual(['agon', 'heavy']);
    expect(pass[1]).toMatchObject({ label: 'heavy', color: OWN_ROW_COLORS[0], points: [{ x: 2, y: 0.7 }] });
    expect(klSeries(all, 'step', colors).find((s) => s.key === 'heavy')?.color).toBe(OWN_ROW_COLORS[0]);
    expect(rewardSeries(all, 'step', colors).filter((s) => s.key.startsWith('heavy:')).map((s) => s.color)).toEqual([OWN_ROW_COLORS[0], OWN_ROW_COLORS[0]]);
    expect(cascadeRateSeries(rows, all, 'step').map((s) => s.key)).toContain('heavy:rescue');
  });
});

describe('row colours', () => {
  it("keeps the methods' colours and gives the config's own rows the palette in row order, sweep points after arms", () => {
    const fields = runRows({ methods: ['agon'] })[0]!.fields;
    const rows = runRows({ methods: ['grpo'], arms: [{ name: 'a1', ...fields, bonus_weight: 2 }], sweep: { field: 'swap_every', values: [1, 2], arm: {} } });
    expect([...rowColors(rows)]).toEqual([
      ['grpo', METHOD_COLORS.grpo],
      ['a1', OWN_ROW_COLORS[0]],
      ['swap_every=1', OWN_ROW_COLORS[1]],
      ['swap_every=2', OWN_ROW_COLORS[2]],
    ]);
    expect(OWN_ROW_COLORS.filter((c) => Object.values(METHOD_COLORS).includes(c))).toEqual([]);
  });
});
