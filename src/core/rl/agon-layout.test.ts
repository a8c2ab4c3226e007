import { describe, expect, it } from 'vitest';
import { pairedDraft, parityChoices, parityProblem, problemSplit, readDraft } from './agon-layout';

describe('how an Agon step lays out its rollouts', () => {
  it('m = 1 is the paper: N drafts, N solutions, solution i paired with and reading draft i', () => {
    const split = problemSplit(3, 1);
    expect(split).toEqual({ drafts: 3, solutions: 3, perDraft: 1 });
    expect([0, 1, 2, 3, 4, 5].map((j) => readDraft(j, split, 'own-draft'))).toEqual([0, 1, 2, 3, 4, 5]);
    expect([0, 1, 2, 3, 4, 5].map((j) => pairedDraft(j, split))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a shared opponent: every solution of a problem reads its first draft, and stays paired with its own', () => {
    const split = problemSplit(3, 1);
    expect([0, 1, 2, 3, 4, 5].map((j) => readDraft(j, split, 'shared-draft'))).toEqual([0, 0, 0, 3, 3, 3]);
  });

  it('m solutions per draft keep 2N rollouts a problem: D = 2N / (m + 1) drafts, m D solutions', () => {
    const split = problemSplit(4, 3);
    expect(split).toEqual({ drafts: 2, solutions: 6, perDraft: 3 });
    expect(split.drafts + split.solutions).toBe(8);
    // Two problems: solutions 0-5 read drafts 0, 0, 0, 1, 1, 1; solutions 6-11 drafts 2, 2, 2, 3, 3, 3.
    expect(Array.from({ length: 12 }, (_, j) => readDraft(j, split, 'own-draft'))).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
    expect(Array.from({ length: 12 }, (_, j) => readDraft(j, split, 'shared-draft'))).toEqual([0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2]);
  });

  it('refuses an m that does not split 2N exactly, saying which would', () => {
    expect(parityChoices(8)).toEqual([1, 3, 7, 15]);
    expect(parityChoices(6)).toEqual([1, 2, 3, 5, 11]);
    expect(parityProblem(8, 3)).toBeNull();
    expect(parityProblem(8, 2)).toBe('2 solutions per draft cannot split the 2N = 16 rollouts of a problem (num_generations 8) into drafts and solutions exactly: m + 1 must divide 16, so m can be 1, 3, 7, 15');
    expect(() => problemSplit(8, 2)).toThrow(/m \+ 1 must divide 16/);
    expect(parityProblem(8, 0)).toMatch(/m can be 1, 3, 7, 15/);
  });
});
