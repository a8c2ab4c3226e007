// The budget table of `npm test`'s summary: a stage over its budget is named, one under it is not, and a
// stage without a budget says so instead of passing silently.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { budgetRows, formatBudgetTable, STAGE_BUDGETS, TOTAL_BUDGET } from './stage-budgets.mjs';

const budgets = { stages: { lint: 20, unit: 450 }, total: 1200 };
const rowOf = (lines, name) => lines.find((line) => line.startsWith(`${name} `));
const verdict = (lines) => lines.find((line) => line.startsWith('over budget:'));

describe('formatBudgetTable', () => {
  it('names a stage over its budget and not one under it', () => {
    const lines = formatBudgetTable([{ name: 'lint', seconds: 31.2 }, { name: 'unit', seconds: 300 }], 331.2, budgets);
    expect(rowOf(lines, 'lint')).toMatch(/^lint\s+31\.2s\s+20s\s+156%\s+over$/);
    expect(rowOf(lines, 'unit')).toMatch(/^unit\s+300\.0s\s+450s\s+67%$/);
    expect(verdict(lines)).toBe('over budget: lint (31s > 20s)');
  });

  it('says none went over when every stage and the total are within budget', () => {
    const lines = formatBudgetTable([{ name: 'lint', seconds: 10 }, { name: 'unit', seconds: 450 }], 460, budgets);
    expect(verdict(lines)).toBe('over budget: none');
    expect(lines.some((line) => line.endsWith('over'))).toBe(false);
  });

  it('names the whole run when it is over, even with every stage under', () => {
    const lines = formatBudgetTable([{ name: 'unit', seconds: 400 }], 1300, budgets);
    expect(rowOf(lines, 'total')).toMatch(/^total\s+1300\.0s\s+1200s\s+108%\s+over$/);
    expect(verdict(lines)).toBe('over budget: total (1300s > 1200s)');
  });

  it('reports a stage with no budget as such, never as over', () => {
    const lines = formatBudgetTable([{ name: 'safari', seconds: 9999 }], 9999, { stages: {}, total: 1e6 });
    expect(rowOf(lines, 'safari')).toMatch(/^safari\s+9999\.0s\s+none$/);
    expect(verdict(lines)).toBe('over budget: none');
    expect(lines.at(-1)).toBe('no budget written down for: safari');
  });
});

describe('budgetRows', () => {
  it('counts a stage that takes exactly its budget as within it', () => {
    expect(budgetRows([{ name: 'lint', seconds: 20 }], { lint: 20 })).toEqual([{ name: 'lint', seconds: 20, budget: 20, over: false }]);
  });

  it('does not take a budget from the object prototype', () => {
    expect(budgetRows([{ name: 'constructor', seconds: 1 }], {})[0].budget).toBeUndefined();
  });
});

describe('the written-down budgets', () => {
  // docs/benchmarks.md lists each budget beside the stage's idle time it came from; its rows are
  // `| \`stage\` (what it runs) | budget | idle |`, the whole run as `total`.
  const doc = readFileSync(fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url)), 'utf8');
  const documented = [...doc.matchAll(/^\| `(\w+)`[^|]*\| (\d+) \| (\d+) \|$/gm)].map(([, name, budget, idle]) => ({ name, budget: Number(budget), idle: Number(idle) }));
  const stages = documented.filter((row) => row.name !== 'total');

  it('are the ones docs/benchmarks.md lists, for every stage and the whole run', () => {
    expect(Object.fromEntries(stages.map((row) => [row.name, row.budget]))).toEqual(STAGE_BUDGETS);
    expect(documented.find((row) => row.name === 'total')?.budget).toBe(TOTAL_BUDGET);
  });

  it('pass an idle run and are about 1.5 times its stage times, so a stage that grows by half shows', () => {
    const idle = formatBudgetTable(stages.map((row) => ({ name: row.name, seconds: row.idle })), documented.find((row) => row.name === 'total').idle);
    expect(verdict(idle)).toBe('over budget: none');
    for (const { name, budget, idle: seconds } of stages) {
      expect(budget / seconds, name).toBeGreaterThanOrEqual(1.4);
      expect(budget / seconds, name).toBeLessThanOrEqual(1.6);
    }
  });
});
