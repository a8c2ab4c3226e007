// Time budgets for the stages of `npm test` (scripts/test-all.mjs), in seconds of wall time, and the
// pure formatting of its budget table. A budget is about 1.5 times the stage's time in the latest idle
// run on a 2-core machine (docs/benchmarks.md, "The test suite"): an unloaded run stays under it, and a
// stage that grows by half shows up the day it happens. Going over a budget is reported, never failed:
// timing on a shared machine is too noisy to decide a run's outcome.

/** Seconds per stage, keyed by the stage names of scripts/test-all.mjs. */
export const STAGE_BUDGETS = {
  typecheck: 22, // 15 s measured; tsc over src, e2e, engines and the configs
  lint: 24, // 16 s measured; eslint over the whole tree
  unit: 450, // 305 s measured; vitest on both cores, files sharing a process per worker
  e2e: 700, // 484 s measured; Chromium, CPU-bound on 2 workers
  firefox: 420, // 283 s measured; beside webkit and classroom
  webkit: 240, // 161 s measured; beside firefox and classroom
  classroom: 420, // 280 s measured; one wasm thread for minutes, beside the engines
};

/**
 * The whole run's wall time: the suite's 20-minute target, tighter than 1.5 times its 18 min 24 s, so
 * that slack in one stage cannot hide a slower suite; a heavily loaded machine may go over it.
 */
export const TOTAL_BUDGET = 1200;

/**
 * Each stage against its budget: budget is undefined where none is written down, over is true only
 * for a stage with a budget that took longer than it.
 * @param {{ name: string, seconds: number }[]} stages
 * @param {Record<string, number>} budgets
 */
export function budgetRows(stages, budgets) {
  return stages.map(({ name, seconds }) => {
    const budget = Object.hasOwn(budgets, name) ? budgets[name] : undefined;
    return { name, seconds, budget, over: budget !== undefined && seconds > budget };
  });
}

const pad = (s, n) => String(s).padEnd(n);

/** One line of the table: stage, time, budget, the share of it used, and "over" where it went over. */
function formatRow({ name, seconds, budget, over }) {
  const time = `${seconds.toFixed(1)}s`;
  if (budget === undefined) return `${pad(name, 11)}${pad(time, 9)}${pad('none', 8)}`.trimEnd();
  const share = `${Math.round((100 * seconds) / budget)}%`;
  return `${pad(name, 11)}${pad(time, 9)}${pad(`${budget}s`, 8)}${pad(share, 7)}${over ? 'over' : ''}`.trimEnd();
}

/** The closing lines: which stages went over (or that none did), and which have no budget. */
function formatVerdict(rows) {
  const over = rows.filter((r) => r.over).map((r) => `${r.name} (${r.seconds.toFixed(0)}s > ${r.budget}s)`);
  const unbudgeted = rows.filter((r) => r.budget === undefined).map((r) => r.name);
  const lines = [over.length ? `over budget: ${over.join(', ')}` : 'over budget: none'];
  if (unbudgeted.length) lines.push(`no budget written down for: ${unbudgeted.join(', ')}`);
  return lines;
}

/**
 * The budget table of the summary, as lines: a header, one row per stage and one for the whole
 * run, then the verdict. The total goes through the same rows, so it is named when over too.
 * @param {{ name: string, seconds: number }[]} stages
 * @param {number} totalSeconds
 * @param {{ stages?: Record<string, number>, total?: number }} [budgets]
 */
export function formatBudgetTable(stages, totalSeconds, budgets = {}) {
  const { stages: stageBudgets = STAGE_BUDGETS, total = TOTAL_BUDGET } = budgets;
  const rows = [...budgetRows(stages, stageBudgets), { name: 'total', seconds: totalSeconds, budget: total, over: totalSeconds > total }];
  const header = `${pad('stage', 11)}${pad('time', 9)}${pad('budget', 8)}used`;
  return [header, ...rows.map(formatRow), ...formatVerdict(rows)];
}
