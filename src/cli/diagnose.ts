/**
 * npm run diagnose -- --task math|code [options]
 * Measures whether a base pair has the room Agon needs, on the first problems of
 * test-hard: each model alone (sampled and greedy), the untrained cascade both ways
 * and each model's self-refinement against the better single model, rescue /
 * sabotage / copy, how differently A and B fail, and each model alone and the cascades by
 * what each problem needs of the knowledge split (diagnostics/by-group), and for code how each
 * model's answers alone go wrong (diagnostics/code-errors), and each model's pass@k alone overall
 * and by group (diagnostics/pass-at-k): the room reward alone has before any RL. Prints markdown tables.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { selectBackend, type BackendName } from '../core/backend';
import { figuresByGroup, groupReport } from '../core/diagnostics/by-group';
import { codeErrorReport, codeErrorRows } from '../core/diagnostics/code-errors';
import { soloStage } from '../core/eval/cascade';
import { completionBudget } from '../core/tasks/budget';
import { premiseOf, PREMISE_DEFAULTS, samplePremise } from '../core/diagnostics/measure';
import { premiseReport } from '../core/diagnostics/report';
import { modelCompleter } from '../core/diagnostics/rollouts';
import { measurePassAtK, PASS_AT_K_DEFAULTS } from '../core/diagnostics/pass-at-k';
import { passAtKReport } from '../core/diagnostics/pass-at-k-report';
import type { PassAtK } from '../core/diagnostics/pass-at-k-schema';
import type { Premise } from '../core/diagnostics/premise-schema';
import type { TaskFamily } from '../core/tasks/task';
import type { Transformer } from '../core/model/transformer';
import { familyFlag } from './family-flag';
import { TEST_HARD_SIZE } from '../core/tasks/splits';
import { loadPair, readManifest, roundNumbers, writeManifest } from './checkpoint-dir';
import { pairFlag } from './recipe-flags';

const USAGE = `usage: npm run diagnose -- --task math|code [--pair NAME] [--checkpoints DIR] [--problems N]
       [--samples K] [--seed N] [--show-draft-answer] [--pass-at-k-problems N] [--pass-at-k-only]
       [--backend wasm|cpu] [--json FILE] [--record]
--pair NAME diagnoses another pair of the family than its shipped one (e.g. math-premise).
Defaults: --checkpoints public/checkpoints --problems ${PREMISE_DEFAULTS.problems} --samples ${PREMISE_DEFAULTS.samples} --seed ${PREMISE_DEFAULTS.seed}; the draft's answer withheld.
Each model's pass@${PASS_AT_K_DEFAULTS.ks.join('/')} alone (${PASS_AT_K_DEFAULTS.samples} samples per problem) runs on the first
--pass-at-k-problems N problems (default ${PASS_AT_K_DEFAULTS.problems}, or --problems where fewer; 0 skips it): 200 take 2-3 minutes for math
and 5-6 for code on two busy cores, all 1000 five times that; --pass-at-k-only measures nothing else.
--json FILE writes the figures as JSON ({ premise, passAtK }, what was measured, rounded as the manifest); --record stores them
in the manifest entry of the pair (as "premise" and "passAtK"), keeping what was not measured.`;

function fail(message: string): never {
  console.error(`error: ${message}\n${USAGE}`);
  process.exit(2);
}

function integer(name: string, raw: string, min: number): number {
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min) fail(`--${name} must be an integer of at least ${min}, got "${raw}"`);
  return v;
}

function parse() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        task: { type: 'string' },
        checkpoints: { type: 'string', default: 'public/checkpoints' },
        problems: { type: 'string', default: String(PREMISE_DEFAULTS.problems) },
        samples: { type: 'string', default: String(PREMISE_DEFAULTS.samples) },
        seed: { type: 'string', default: String(PREMISE_DEFAULTS.seed) },
        'show-draft-answer': { type: 'boolean', default: false },
        backend: { type: 'string', default: 'wasm' },
        json: { type: 'string' },
        record: { type: 'boolean', default: false },
        pair: { type: 'string' },
        'pass-at-k-problems': { type: 'string' },
        'pass-at-k-only': { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (e) {
    fail((e as Error).message);
  }
  const family = familyFlag(values.task, fail);
  if (values.backend !== 'wasm' && values.backend !== 'cpu') fail(`--backend must be wasm or cpu, got "${values.backend}"`);
  const problems = integer('problems', values.problems, 2);
  if (problems > TEST_HARD_SIZE) fail(`--problems is at most ${TEST_HARD_SIZE} (the size of test-hard), got ${problems}`);
  const passAtKProblems = values['pass-at-k-problems'] === undefined ? Math.min(problems, PASS_AT_K_DEFAULTS.problems) : integer('pass-at-k-problems', values['pass-at-k-problems'], 0);
  if (passAtKProblems > TEST_HARD_SIZE) fail(`--pass-at-k-problems is at most ${TEST_HARD_SIZE} (the size of test-hard), got ${passAtKProblems}`);
  if (values['pass-at-k-only'] && passAtKProblems === 0) fail('--pass-at-k-only with --pass-at-k-problems 0 measures nothing');
  return {
    family,
    pairName: pairFlag(values.pair, family, fail),
    dir: values.checkpoints,
    problems,
    samples: integer('samples', values.samples, 1),
    seed: integer('seed', values.seed, 0),
    showDraftAnswer: values['show-draft-answer'],
    backend: values.backend as BackendName,
    json: values.json,
    record: values.record,
    passAtKProblems,
    passAtKOnly: values['pass-at-k-only'],
  };
}

type Args = ReturnType<typeof parse>;
type Pair = { a: Transformer; b: Transformer };

/** The premise readouts, the by-group table and, for code, how answers go wrong: printed, and the premise figures returned. */
async function diagnosePremise(args: Args, pair: Pair, family: TaskFamily, command: string): Promise<Premise> {
  console.error(`premise: ${args.problems} problems x ${args.samples} samples`);
  const setup = { ...args, command };
  const samples = await samplePremise({ A: modelCompleter(pair.a), B: modelCompleter(pair.b) }, family, setup);
  const premise = premiseOf(setup, samples);
  console.log(premiseReport(family.name, premise));
  console.log(`\n${groupReport(figuresByGroup(family, samples))}`);
  if (family.name === 'code') {
    const sampling = { temperature: 1, topP: 1, maxNewTokens: completionBudget(family), seed: args.seed };
    const rows = [];
    for (const [name, model] of [['A', pair.a], ['B', pair.b]] as const) {
      const { verifications } = await soloStage(model, family, samples.problems, sampling);
      rows.push(...codeErrorRows(family, name, samples.problems, verifications));
    }
    console.log(`\n${codeErrorReport(rows)}\nOne sampled answer per problem and model (temperature 1, seed ${args.seed}).`);
  }
  return premise;
}

/** Each model's pass@k alone, overall and by group: printed and returned. */
async function diagnosePassAtK(args: Args, pair: Pair, family: TaskFamily, command: string): Promise<PassAtK> {
  const { samples, ks } = PASS_AT_K_DEFAULTS;
  console.error(`pass@k: ${args.passAtKProblems} problems x ${samples} samples per model`);
  const started = Date.now();
  const progress = (member: string, done: number, total: number) => {
    if (done % 100 === 0 || done === total) console.error(`  ${member}: ${done}/${total} problems (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  };
  const setup = { problems: args.passAtKProblems, samples, ks, seed: args.seed, command };
  const figures = await measurePassAtK({ A: modelCompleter(pair.a), B: modelCompleter(pair.b) }, family, setup, progress);
  console.log(`\n${passAtKReport(figures)}`);
  return figures;
}

async function main() {
  const args = parse();
  const info = await selectBackend([args.backend]);
  // The pair's own recipe: which facts it was taught decides the by-group rows, its hard difficulties the problems.
  const { pair, family } = loadPair(args.dir, args.pairName);
  const command = `npm run diagnose -- ${process.argv.slice(2).join(' ')}`.trim();
  console.error(`diagnosing the ${args.pairName} pair in ${args.dir} on ${info.name}`);
  const started = Date.now();
  const premise = args.passAtKOnly ? undefined : await diagnosePremise(args, pair, family, command);
  const passAtK = args.passAtKProblems === 0 ? undefined : await diagnosePassAtK(args, pair, family, command);
  pair.a.dispose();
  pair.b.dispose();
  console.error(`took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const measured = { ...(premise && { premise }), ...(passAtK && { passAtK }) };
  if (args.json) writeFileSync(args.json, JSON.stringify(measured, roundNumbers, 2) + '\n');
  if (args.record) {
    const manifest = readManifest(args.dir);
    Object.assign(manifest.pairs[args.pairName]!, measured);
    writeManifest(args.dir, manifest);
    console.error(`recorded ${Object.keys(measured).join(' and ')} in the ${args.pairName} entry of ${args.dir}/manifest.json`);
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
