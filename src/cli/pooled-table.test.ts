import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../core/experiment/presets';
import type { ExperimentResult } from '../core/experiment/result';
import { parseExperimentResultJson } from '../core/experiment/result-schema';
import { fakeResult } from '../app/testing/share-fixtures';
import { agonOverGrpoText, headlineRatiosText, pooledTableText } from './pooled-table';

const config = { ...PRESETS.micro, methods: ['agon', 'grpo', 'zero-shot'] as const, eval_problems: 200 };
const results = [1, 2].map((seed) => fakeResult({ ...config, methods: [...config.methods], seed }));
const WORDS = /^(ahead|behind) by \d+\.\d points, 95% interval -?\d+\.\d to -?\d+\.\d$|^no difference shown \(95% interval -?\d+\.\d to -?\d+\.\d\)$/;
const cells = (text: string) => text.split('\n').slice(2).map((line) => line.split(' | ').at(-1)!.replace(/ \|$/, ''));

describe('the pooled table of the CLI', () => {
  it('ends each row with the paired difference from the reference, in the words the app uses', () => {
    const text = pooledTableText(results, 'agon');
    expect(text.split('\n')[0]).toMatch(/\| vs Agon \(paired\) \|$/);
    const [agon, grpo, zeroShot] = cells(text);
    expect(agon).toBe('the reference');
    expect(grpo).toMatch(WORDS);
    // The fixture scores each method 3 points above the one before it: zero-shot is 6 above Agon.
    expect(zeroShot).toMatch(/^ahead by 6\.0 points/);
    expect(cells(pooledTableText(results, 'zero-shot'))[2]).toBe('the reference');
  });

  it('says why for results from before per-problem outcomes were kept', () => {
    const old = results.map((r): ExperimentResult => ({ ...r, table: r.table.map(({ testOutcomes: _, ...row }) => row) }));
    expect(cells(pooledTableText(old, 'agon')).slice(1)).toEqual(['per-problem outcomes not recorded in this result', 'per-problem outcomes not recorded in this result']);
  });
});

/** A results folder of docs/, read as the CLI's --summarize reads it (written before the third ratio existed). */
function docsResults(folder: string): ExperimentResult[] {
  return [1, 2, 3].map((seed) => {
    const parsed = parseExperimentResultJson(readFileSync(fileURLToPath(new URL(`../../docs/results/${folder}/result-seed${seed}.json`, import.meta.url)), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.result;
  });
}

describe('the headline ratios of the CLI', () => {
  it("names each by its formula, beside the paper's: the code table of docs/results.md", () => {
    expect(headlineRatiosText(docsResults('paper-code')).split('\n')).toEqual([
      '| ratio | pooled over the seeds | the paper |',
      '|---|---:|---:|',
      '| Agon / GRPO | 1.31 | 2.03 |',
      '| (Agon - base) / (MoA - base) | 2.88 | 3.45 |',
      '| (Agon - GRPO) / (MoA - GRPO) | 9.98 | 7.75 |',
    ]);
  });

  it('says why where a ratio has no value: the 800-step math table, MoA below GRPO', () => {
    expect(headlineRatiosText(docsResults('paper-math-800')).split('\n').slice(2)).toEqual([
      '| Agon / GRPO | 1.17 | 2.03 |',
      '| (Agon - base) / (MoA - base) | 1.54 | 3.45 |',
      '| (Agon - GRPO) / (MoA - GRPO) | undefined: MoA ≤ GRPO | 7.75 |',
    ]);
  });
});

describe('Agon over GRPO with its interval', () => {
  it('reads the pooled ratio off the same paired resamples: the paper-premise math table of docs/results.md', () => {
    const text = agonOverGrpoText(docsResults('paper-math-premise-400'))!;
    const [, mean, low, high] = /: (\d\.\d\d) \(95% interval (\d\.\d\d) to (\d\.\d\d)\)$/.exec(text)!;
    // The headline table's pooled ratio is 1.14; its interval holds it.
    expect(mean).toBe('1.14');
    expect(Number(low)).toBeLessThan(1.14);
    expect(Number(high)).toBeGreaterThan(1.14);
  });

  it('says why when the results kept no per-problem outcomes: the code table', () => {
    expect(agonOverGrpoText(docsResults('paper-code'))).toBe('Agon / GRPO, paired over the seeds and problems: per-problem outcomes not recorded in this result');
  });

  it('is left out when the run has no GRPO row', () => {
    expect(agonOverGrpoText(results.map((r) => ({ ...r, table: r.table.filter((row) => row.method !== 'grpo') })))).toBeNull();
  });
});
