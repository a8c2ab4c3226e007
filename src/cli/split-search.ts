/**
 * npm run split-search: which split seeds deal a family's facts the way a pilot pair wants, by
 * counting test-hard alone (no model). Prints the deals whose private facts all come up in
 * test-hard, the most even first: the seed to give `npm run pretrain -- --split-seed`.
 */
import { parseArgs } from 'node:util';
import { factNeeds, splitCounts, type SplitCounts } from '../core/diagnostics/split-counts';
import { testHardSplit, TEST_HARD_SIZE } from '../core/tasks/splits';
import { withRecipe } from '../core/train/recipe';
import { familyFlag } from './family-flag';
import { recipeFlags } from './recipe-flags';

const USAGE = `usage: npm run split-search -- --task math|code [--fact-shares S,A,B,N] [--hard-difficulties D,...]
       [--shared FACT]... [--seeds N] [--top N] [--problems N]
Deals the family's facts at the fact shares by each split seed from 1 to --seeds (default 100000) and
counts the first --problems test-hard problems (default ${TEST_HARD_SIZE}) of the hard difficulties by what they
need, as npm run diagnose's by-group table does. Prints the --top deals (default 10), the most even
(A's share nearest B's) first, among those whose private facts all come up in test-hard; --shared
(once per fact, e.g. --shared "srt inc odd") keeps only deals that share exactly those facts, so
that a trunk kept with --save-trunk can fork them.`;

function fail(message: string): never {
  console.error(`error: ${message}\n${USAGE}`);
  process.exit(2);
}

function count(name: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) fail(`--${name} takes a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

function parse() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        task: { type: 'string' },
        'fact-shares': { type: 'string' },
        'hard-difficulties': { type: 'string' },
        shared: { type: 'string', multiple: true },
        seeds: { type: 'string', default: '100000' },
        top: { type: 'string', default: '10' },
        problems: { type: 'string', default: String(TEST_HARD_SIZE) },
      },
      strict: true,
    }));
  } catch (e) {
    fail((e as Error).message);
  }
  const plain = familyFlag(values.task, fail);
  const family = withRecipe(plain, recipeFlags({ 'fact-shares': values['fact-shares'], 'hard-difficulties': values['hard-difficulties'] }, plain, fail));
  const shared = [...(values.shared ?? [])].sort();
  const unknown = shared.filter((fact) => !family.factUniverse.includes(fact));
  if (unknown.length > 0) fail(`--shared names no fact of the ${family.name} family: ${unknown.map((f) => `"${f}"`).join(', ')}`);
  return {
    family,
    shared: values.shared === undefined ? null : shared,
    seeds: count('seeds', values.seeds, 1, 10_000_000),
    top: count('top', values.top, 1, 1000),
    problems: count('problems', values.problems, 1, TEST_HARD_SIZE),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function row(c: SplitCounts): string {
  const p = c.problems;
  return `| ${c.seed} | ${c.facts.shared.join(', ')} | ${c.facts.A.join(', ')} | ${c.facts.B.join(', ')} | ${p.shared} / ${p['A only']} / ${p['B only']} / ${p['A and B']} / ${p.neither} | ${pct(c.taught.A)} | ${pct(c.taught.B)} | ${pct(c.taught.either)} |`;
}

function main() {
  const { family, shared, seeds, top, problems } = parse();
  const needs = factNeeds(family, testHardSplit(family, problems));
  const kept: SplitCounts[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const c = splitCounts(family, needs, problems, seed);
    if (c.unmeasured.length > 0) continue;
    if (shared && c.facts.shared.join('\n') !== shared.join('\n')) continue;
    kept.push(c);
  }
  kept.sort((x, y) => Math.abs(x.taught.A - x.taught.B) - Math.abs(y.taught.A - y.taught.B) || y.taught.either - x.taught.either || x.seed - y.seed);
  console.log(`${family.name}, fact shares ${JSON.stringify(family.factShares)}, hard difficulties ${family.hardDifficulties.join(',')}: ${kept.length} of ${seeds} seeds deal private facts that all come up in the first ${problems} test-hard problems${shared ? ` and share exactly ${JSON.stringify(shared)}` : ''}.`);
  if (kept.length === 0) return;
  console.log('\n| seed | shared | A | B | problems: shared / A only / B only / A and B / neither | A taught | B taught | either |\n|---:|---|---|---|---|---:|---:|---:|');
  for (const c of kept.slice(0, top)) console.log(row(c));
}

main();
