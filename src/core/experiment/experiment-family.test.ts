import { describe, expect, it } from 'vitest';
import { codeFamily } from '../tasks/code';
import { testHardSplit, validationSplit } from '../tasks/splits';
import { DEFAULT_EXPERIMENT, parseExperimentConfig } from './config';
import { experimentFamily, withPairHardSplit } from './experiment-family';
import { trainingProblems } from './runner';

const code = { ...DEFAULT_EXPERIMENT, task: 'code' as const };

describe('the family an experiment runs on', () => {
  it('is the task family itself when the config names no hard split', () => {
    expect(experimentFamily(code)).toBe(codeFamily);
  });

  it('draws test-hard, validation and training problems from the config\'s hard split', () => {
    const family = experimentFamily({ ...code, hard_difficulties: [3] });
    const difficulties = (ps: { difficulty: number }[]) => [...new Set(ps.map((p) => p.difficulty))];
    expect(difficulties(testHardSplit(family, 200))).toEqual([3]);
    expect(difficulties(validationSplit(family, 100))).toEqual([3]);
    expect(difficulties(trainingProblems(family, 1, 0, 50))).toEqual([3]);
    // The family's own split has both lengths of program.
    expect(difficulties(testHardSplit(codeFamily, 200)).sort()).toEqual([2, 3]);
  });

  it('takes a pair\'s own hard split only where the config names none and it differs from the family\'s', () => {
    expect(withPairHardSplit(code, [3]).hard_difficulties).toEqual([3]);
    expect(withPairHardSplit(code, [2, 3])).toBe(code);
    expect(withPairHardSplit(code, undefined)).toBe(code);
    expect(withPairHardSplit({ ...code, hard_difficulties: [2] }, [3]).hard_difficulties).toEqual([2]);
  });

  it('refuses a hard split the task cannot draw, naming the field', () => {
    expect(parseExperimentConfig({ ...code, hard_difficulties: [3] }).ok).toBe(true);
    for (const [bad, why] of [[[4], /from 1 to 3/], [[3, 3], /distinct/], [[], /at least|too small|>=1/i], [[2.5], /whole number/]] as const) {
      const parsed = parseExperimentConfig({ ...code, hard_difficulties: bad });
      expect(parsed.ok, JSON.stringify(bad)).toBe(false);
      if (!parsed.ok) expect(parsed.issues[0]).toEqual({ path: expect.stringMatching(/^hard_difficulties/), message: expect.stringMatching(why) });
    }
    // Math has four difficulties.
    expect(parseExperimentConfig({ ...DEFAULT_EXPERIMENT, hard_difficulties: [4] }).ok).toBe(true);
  });
});
