import { describe, expect, it } from 'vitest';
import { agonRound, grpoRound, pair } from '../testing/fixtures';
import { appendRound, FULL_ROUNDS, summarizeRound, type RoundEntry } from './round-history';

describe('round history', () => {
  it('summarises an Agon round: roles, rescues, sabotages, copies', () => {
    const s = summarizeRound('agon', agonRound(1, [pair(false, true), pair(true, false), pair(true, true)]));
    expect(s).toMatchObject({ kind: 'agon', step: 1, drafter: 'B', solver: 'A', samples: 3, correct: 2, rescues: 1, sabotages: 1, copies: 1 });
  });

  it('summarises a GRPO round as one model in both roles', () => {
    expect(summarizeRound('grpo', grpoRound(0))).toMatchObject({ kind: 'grpo', drafter: 'A', solver: 'A', samples: 2, correct: 1, rescues: 0 });
  });

  it('keeps every summary but texts only for the last FULL_ROUNDS rounds', () => {
    let history: RoundEntry[] = [];
    const total = FULL_ROUNDS + 25;
    for (let i = 0; i < total; i++) history = appendRound(history, 'agon', agonRound(i));
    expect(history).toHaveLength(total);
    expect(history.filter((e) => e.round).length).toBe(FULL_ROUNDS);
    expect(history[24]?.round).toBeUndefined();
    expect(history[25]?.round).toBeDefined();
    expect(history[0]?.summary.step).toBe(0);
  });
});
