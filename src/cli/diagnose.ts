/**
 * npm run diagnose -- --task math|code [options]
 * Measures whether a base pair has the room Agon needs, on the first problems of
 * test-hard: each model alone (sampled and greedy), the untrained cascade both ways
 * and each model's self-refinement against the better single model, rescue /
 * sabotage / copy, how differently A and B fail, and each model alone and the cascades by
 * what each problem needs of the knowledge split (diagnostics/by-group), and for code how each
 * model's answers alone go wrong (diagnostics/code-errors). Prints markdown tables.
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
import { familyFlag } from './family-flag';
import { TEST_HARD_SIZE } from '../core/tasks/splits';
import { loadPair, readManifest, writeManifest } from './checkpoint-dir';
import { pairFlag } from './recipe-flags';

const USAGE = `usage: npm run diagnose -- --task math|code [--pair NAME] [--checkpoints DIR] [--problems N]
       [--samples K] [--seed N] [--show-draft-answer] [--backend wasm|cpu] [--json FILE] [--record]
--pair NAME diagnoses another pair of the family than its shipped one (e.g. math-premise).
Defaults: --checkpoints public/checkpoints --problems ${PREMISE_DEFAULTS.problems} --samples ${PREMISE_DEFAULTS.samples} --seed ${PREMISE_DEFAULTS.seed}; the draft's answer withheld.
--json FILE writes the figures as JSON; --record stores them in the manifest entry of the pair (as "premise").`;

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
  };
}

async function main() {
  const args = parse();
  const info = await selectBackend([args.backend]);
  // The pair's own recipe: which facts it was taught decides the by-group rows.
  const { pair, family } = loadPair(args.dir, args.pairName);
  const command = `npm run diagnose -- ${process.argv.slice(2).join(' ')}`.trim();
  console.error(`diagnosing the ${args.pairName} pair in ${args.dir} on ${info.name}: ${args.problems} problems x ${args.samples} samples`);
  const started = Date.now();
  const setup = { ...args, command };
  const samples = await samplePremise({ A: modelCompleter(pair.a), B: modelCompleter(pair.b) }, args.family, setup);
  const premise = premiseOf(setup, samples);
  console.log(premiseReport(args.family.name, premise));
  console.log(`\n${groupReport(figuresByGroup(family, samples))}`);
  if (args.family.name === 'code') {
    const sampling = { temperature: 1, topP: 1, maxNewTokens: completionBudget(args.family), seed: args.seed };
    const rows = [];
    for (const [name, model] of [['A', pair.a], ['B', pair.b]] as const) {
      const { verifications } = await soloStage(model, args.family, samples.problems, sampling);
      rows.push(...codeErrorRows(args.family, name, samples.problems, verifications));
    }
    console.log(`\n${codeErrorReport(rows)}\nOne sampled answer per problem and model (temperature 1, seed ${args.seed}).`);
  }
  pair.a.dispose();
  pair.b.dispose();
  console.error(`took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (args.json) writeFileSync(args.json, JSON.stringify(premise, null, 2) + '\n');
  if (args.record) {
    const manifest = readManifest(args.dir);
    manifest.pairs[args.pairName]!.premise = premise;
    writeManifest(args.dir, manifest);
    console.error(`recorded in the ${args.pairName} entry of ${args.dir}/manifest.json`);
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
