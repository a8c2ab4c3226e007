import { describe, expect, it } from 'vitest';
import { PRESETS } from '../core/experiment/presets';
import { runRows } from '../core/experiment/run-rows';
import { fakeResult } from '../app/testing/share-fixtures';
import { seedTablesText } from './seed-tables';

const config = { ...PRESETS.micro, methods: ['agon', 'grpo', 'grpo-self-cascade', 'zero-shot'] as const, steps: 3, eval_every: 1, eval_problems: 200 };
const results = [2, 1].map((seed) => fakeResult({ ...config, methods: [...config.methods], seed }));

/** The rows of the table under `title`, as arrays of cells. */
function rows(text: string, title: string): string[][] {
  const block = text.split('\n\n').findIndex((part) => part.trim().startsWith(title));
  expect(block, title).toBeGreaterThan(-1);
  return text.split('\n\n')[block + 1]!.split('\n').slice(2).filter(Boolean).map((line) => line.slice(2, -2).split(' | '));
}

describe('the per-seed tables of the CLI', () => {
  const text = seedTablesText(results, runRows(results[0]!.config));

  it("gives each method's picked candidate per seed at every evaluation, seeds in order", () => {
    const pass = rows(text, 'pass@1 % on test-hard');
    expect(pass.map((r) => r.slice(0, 2))).toEqual([['Agon', '1'], ['Agon', '2'], ['GRPO', '1'], ['GRPO', '2'], ['GRPO two-pass self-cascade', '1'], ['GRPO two-pass self-cascade', '2'], ['Zero-shot base', '1'], ['Zero-shot base', '2']]);
    // The fixture picks the first candidate at even steps and the second at odd ones, each right on
    // round(200 * (0.2 + 0.03 * method index + 0.001 * step + 0.01 * candidate)) problems: Agon (index 0)
    // 40, 42, 40, 43 of 200; the last evaluation's pick is the one named.
    expect(pass[0]).toEqual(['Agon', '1', 'B->A', '20.0', '21.0', '20.0', '21.5']);
    // The untrained base is evaluated at step 0 only.
    expect(pass[6]).toEqual(['Zero-shot base', '1', 'A', '29.0', '', '', '']);
  });

  it('gives the mechanism only for cascades, the reward once per arm, and the drafter alone at the end', () => {
    expect(rows(text, 'rescue % / sabotage %').map((r) => r[0])).toEqual(['Agon', 'Agon', 'GRPO two-pass self-cascade', 'GRPO two-pass self-cascade']);
    expect(rows(text, 'rescue % / sabotage %')[0]!.slice(3)).toEqual(['21.0 / 50.0', '22.0 / 50.0', '21.0 / 50.0', '22.0 / 50.0']);
    expect(rows(text, 'copy %')[0]!.slice(3)).toEqual(['27.0', '27.0', '27.0', '27.0']);
    // GRPO and its self-cascade share an arm, so its reward appears once; step 0 has none.
    const reward = rows(text, 'mean training reward');
    expect(reward.map((r) => r.slice(0, 2))).toEqual([['Agon', '1'], ['Agon', '2'], ['GRPO', '1'], ['GRPO', '2']]);
    expect(reward[0]!.slice(3)).toEqual(['', '0.92 / 1.07', '0.93 / 1.07', '0.94 / 1.07']);
    expect(rows(text, 'the drafter of the picked direction alone')).toEqual([['Agon', '20.0 / 20.0', '21.5 / 21.5'], ['GRPO two-pass self-cascade', '26.0 / 26.0', '27.5 / 27.5']]);
  });
});
