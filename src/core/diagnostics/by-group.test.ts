import { describe, expect, it } from 'vitest';
import { mathFamily, mathSolution } from '../tasks/math';
import type { Problem } from '../tasks/task';
import { factGroups, type FactGroup } from '../train/knowledge';
import { figuresByGroup, groupReport, problemClass } from './by-group';
import type { CascadeSample } from './premise-stats';

/** The first times-table fact of each knowledge group, e.g. "3*7". */
const factOf = (group: FactGroup): string => [...factGroups(mathFamily)].find(([, g]) => g === group)![0];

function problem(...groups: FactGroup[]): Problem {
  const text = groups.map(factOf).join('+').padEnd(15, '.');
  return { family: 'math', difficulty: groups.length, text, ...mathSolution(text), hidden: '' };
}

const T = true;
const F = false;
const s = (draft: boolean, final: boolean, copy = false): CascadeSample => ({ draft, final, copy });

describe('the premise by knowledge group', () => {
  it('classes a problem by the rarest group its facts need', () => {
    expect(problemClass(mathFamily, problem('shared', 'shared', 'shared'))).toBe('shared');
    expect(problemClass(mathFamily, problem('shared', 'A', 'A'))).toBe('A only');
    expect(problemClass(mathFamily, problem('B', 'shared', 'shared'))).toBe('B only');
    expect(problemClass(mathFamily, problem('A', 'B', 'shared'))).toBe('A and B');
    expect(problemClass(mathFamily, problem('A', 'B', 'neither'))).toBe('neither');
  });

  it('averages solve rates within each class and counts copies of wrong drafts there only', () => {
    const problems = [problem('shared', 'shared', 'shared'), problem('A', 'shared', 'shared'), problem('shared', 'A', 'shared'), problem('neither', 'A', 'B')];
    const plain = [[s(T, T), s(T, T)], [s(F, F, T), s(F, T)], [s(F, F), s(F, F)], [s(T, T), s(F, F)]];
    const rows = figuresByGroup(mathFamily, {
      problems,
      rollouts: {
        solo: {
          A: { sampled: [[T, T], [T, T], [T, F], [F, F]], greedy: [T, T, T, F] },
          B: { sampled: [[T, F], [F, F], [F, F], [F, F]], greedy: [F, F, F, F] },
        },
        // A->B: on the two "A only" problems finals 1/2 and 0/2; 1 of their 4 wrong drafts copied.
        cascades: { 'A->B': plain, 'B->A': plain.map((row) => row.map((x) => ({ ...x, copy: false }))), 'A->A': plain, 'B->B': plain },
      },
    });
    expect(rows.map((r) => [r.group, r.problems])).toEqual([['shared', 1], ['A only', 2], ['neither', 1]]);
    const aOnly = rows[1]!;
    expect(aOnly.solo).toEqual({ A: 0.75, B: 0 });
    expect(aOnly.cascades['A->B']).toEqual({ passAt1: 0.25, copyOfWrongDrafts: 0.25 });
    expect(aOnly.cascades['B->A'].copyOfWrongDrafts).toBe(0);
    expect(rows[0]!.cascades['A->B'].copyOfWrongDrafts).toBeNull();
    expect(groupReport(rows)).toContain('| A only | 2 | 75.0% | 0.0% | 25.0% | 25.0% | 25.0% | 0.0% |');
  });
});
