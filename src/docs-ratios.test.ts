// The paper's headline ratios are written out in README.md and docs/results.md; they must be the
// ones the core computes from the paper's table, each on the row named by its formula.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ratioText } from './core/experiment/headline-ratios';
import { PAPER_RATIOS } from './core/experiment/paper-table';

const page = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8').split('\n');
const paper = PAPER_RATIOS.map((r) => ratioText(r));

describe("the paper's ratios in the docs", () => {
  it('README.md: the last cell of each ratio row of the results table', () => {
    const rows = PAPER_RATIOS.map((r) => page('README.md').find((line) => line.startsWith(`| **${r.formula}** |`)));
    expect(rows.map((row) => row?.split('|').at(-2)?.trim())).toEqual(paper);
  });

  it("docs/results.md: the paper's row of the headlines", () => {
    const row = page('docs/results.md').find((line) => line.startsWith('| the paper (its own models) |'));
    expect(row?.split('|').slice(-4, -1).map((cell) => cell.trim())).toEqual(paper);
  });
});
