import { describe, expect, it } from 'vitest';
import type { ArmResult } from '../../core/experiment/result';
import { candidate, evalPoint } from '../testing/fixtures';
import { cascadeRateSeries, klSeries, passAt1Series, rewardSeries } from './series';

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

describe('chart series', () => {
  it('draws the chosen candidate of each trained method with its interval', () => {
    const [agon] = passAt1Series(['agon'], arms, 'step');
    expect(agon?.points).toEqual([{ x: 0, y: 0.3 }, { x: 2, y: 0.5 }]);
    expect(agon?.band?.low[1]?.y).toBeCloseTo(0.4);
  });

  it('draws untrained methods as flat reference lines across the x range', () => {
    const [base] = passAt1Series(['zero-shot'], arms, 'tokens');
    expect(base?.reference).toBe(true);
    expect(base?.points).toEqual([{ x: 0, y: 0.2 }, { x: 200, y: 0.2 }]);
  });

  it('switches the x-axis to generated tokens', () => {
    expect(passAt1Series(['agon'], arms, 'tokens')[0]?.points.map((p) => p.x)).toEqual([0, 200]);
  });

  it('has reward per stream, KL per arm and three cascade rates', () => {
    expect(rewardSeries(arms, 'step').map((s) => s.key)).toEqual(['agon:drafter', 'agon:solver']);
    expect(klSeries(arms, 'step')).toEqual([expect.objectContaining({ key: 'agon', points: [{ x: 2, y: 0.02 }] })]);
    expect(cascadeRateSeries(['agon'], arms, 'step').map((s) => s.key)).toEqual(['agon:rescue', 'agon:sabotage', 'agon:copy']);
  });
});
