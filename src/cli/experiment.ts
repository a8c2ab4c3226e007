/**
 * npm run experiment -- --preset <name> [--task math|code] [--steps N] [--seeds 1,2,3] --out DIR
 * Runs an experiment headless in Node (wasm backend; webgpu through Dawn, see
 * docs/webgpu-in-node.md) from the shipped base pair and writes result JSON per seed, a CSV
 * of every curve and an SVG plot (and one of a sweep); prints the paper-style table and the headline ratios.
 */
// First import: navigator.gpu must exist before tfjs-backend-webgpu loads.
import { webgpuFailure } from '../core/backend/node-webgpu';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { describeAdapter, selectBackend, type BackendInfo } from '../core/backend';
import { basePairId } from '../core/experiment/base-pair';
import { withPairHardSplit } from '../core/experiment/experiment-family';
import { parseExperimentConfig, type ExperimentConfig } from '../core/experiment/config';
import { curvesCsv } from '../core/experiment/csv';
import { isPresetName, presetFor, PRESETS } from '../core/experiment/presets';
import { mergeArmRuns, type ExperimentResult } from '../core/experiment/result';
import { runArms, runRows, type RunArm, type RunRow } from '../core/experiment/run-rows';
import { sweepReference } from '../core/experiment/custom-arms';
import { sweepTable } from '../core/experiment/sweep-table';
import { ExperimentRunner } from '../core/experiment/runner';
import { configForSeed, parseSeeds, seedsOf, withSeeds } from '../core/experiment/seeds';
import { mechanismCurves, methodCurves } from '../core/experiment/summary';
import { SHIPPED_PAIR_NAMES } from '../core/experiment/shipped-pair';
import { completionBudget } from '../core/tasks/budget';
import { familyByName } from '../core/tasks/families';
import { shippedPairBytes, shippedPairHardSplit } from './checkpoint-dir';
import { passAt1Svg } from './plot-svg';
import { agonOverGrpoText, headlineRatiosText, pooledTableText } from './pooled-table';
import { seedTablesText } from './seed-tables';
import { sweepPlotSvg } from './sweep-plot-svg';
import { sweepTableText } from './sweep-table-text';

const USAGE = `usage: npm run experiment -- --preset <${Object.keys(PRESETS).join('|')}> --out DIR
       [--task math|code] [--steps N] [--seeds 1,2,3] [--eval-problems N] [--config exported-config.json]
       [--checkpoints DIR] [--backend wasm|cpu|webgpu] [--jobs N] [--resume] [--reference ROW]
  A config with base_pair_source "pretrain" is refused: pretrain with npm run pretrain, then pass --checkpoints.
  --jobs N runs up to N arms at once (of any seed), each in its own process (tfjs wasm uses one core
           per process; on webgpu they share the GPU); default: the number of cores. The result of each
           seed is the same as with --jobs 1.
  --resume keeps the seeds and arms a stopped run of the same config finished in DIR (a seed is merged
           into DIR/result-seed<S>.json when its last arm finishes; an arm alone is DIR/result-seed<S>-<arm>.json)
           and runs the rest, each in its own process as with --jobs.
  --reference ROW is the method (or arm of the config's own) the pooled table's paired column measures
           the others against (default agon; with a sweep, the sweep's reference): the difference in
           pass@1 with a 95% interval paired over seeds and problems. A config's sweep also prints
           pass@1 against the swept value, each point against the sweep's reference, and draws it in DIR/sweep.svg.
  --summarize reads DIR/result-seed<S>.json of the given seeds instead of running, and prints and writes the summary
           (of a stopped run too: --seeds names its whole seeds).
  --by-seed adds tables seed by seed to the summary: pass@1 of the picked candidate, rescue / sabotage, copy rate
           and training reward at each evaluation, and the drafter alone at the end.`;

class UsageError extends Error {}

const EXPERIMENT_BACKENDS = ['wasm', 'cpu', 'webgpu'] as const;
type ExperimentBackend = (typeof EXPERIMENT_BACKENDS)[number];
const isBackend = (name: string | undefined): name is ExperimentBackend => EXPERIMENT_BACKENDS.includes(name as ExperimentBackend);

/** The backend, or an error that says what webgpu in Node needs; a GPU adapter is named once. */
async function startBackend(backend: ExperimentBackend, seed: number): Promise<BackendInfo> {
  let info: BackendInfo;
  try {
    info = await selectBackend([backend]);
  } catch (err) {
    throw new Error(backend === 'webgpu' ? webgpuFailure(undefined, err) : err instanceof Error ? err.message : String(err), { cause: err });
  }
  if (info.adapter) console.log(`[seed ${seed}] WebGPU adapter: ${describeAdapter(info.adapter)}`);
  return info;
}

function integer(name: string, raw: string): number {
  const v = Number(raw);
  if (!Number.isInteger(v) || v < 0) throw new UsageError(`--${name} must be a non-negative integer, got "${raw}"`);
  return v;
}

function parse() {
  const { values, positionals } = parseArgs({
    options: {
      preset: { type: 'string' },
      config: { type: 'string' },
      task: { type: 'string' },
      steps: { type: 'string' },
      seeds: { type: 'string' },
      'eval-problems': { type: 'string' },
      out: { type: 'string' },
      checkpoints: { type: 'string', default: 'public/checkpoints' },
      backend: { type: 'string', default: 'wasm' },
      jobs: { type: 'string', default: String(availableParallelism()) },
      summarize: { type: 'boolean', default: false },
      'by-seed': { type: 'boolean', default: false },
      resume: { type: 'boolean', default: false },
      reference: { type: 'string' },
      // Internal: a child process of --jobs runs these arms, writes its result and leaves the summary to the parent.
      'no-summary': { type: 'boolean', default: false },
      arms: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  if (!values.out) throw new UsageError('--out DIR is required');
  if (!values.preset === !values.config) throw new UsageError('give exactly one of --preset or --config');
  if (!isBackend(values.backend)) throw new UsageError(`--backend must be ${EXPERIMENT_BACKENDS.join(', ')}, got "${values.backend}"`);
  let config: ExperimentConfig;
  if (values.config) {
    const parsed = parseExperimentConfig(JSON.parse(readFileSync(values.config, 'utf8')));
    if (!parsed.ok) throw new UsageError(`${values.config} is not a valid experiment config:\n${parsed.issues.map((i) => `  ${i.path || '(root)'}: ${i.message}`).join('\n')}`);
    config = parsed.config;
  } else {
    if (!isPresetName(values.preset!)) throw new UsageError(`unknown preset "${values.preset}"`);
    const task = values.task ?? 'math';
    config = presetFor(values.preset, familyByName(task).name, completionBudget(familyByName(task)));
  }
  if (values.task && values.config) config = { ...config, task: familyByName(values.task).name };
  if (values.steps) config = { ...config, steps: integer('steps', values.steps) };
  if (values['eval-problems']) config = { ...config, eval_problems: integer('eval-problems', values['eval-problems']) };
  if (values.seeds) {
    const parsed = parseSeeds(values.seeds);
    if (!parsed.ok) throw new UsageError(`--seeds: ${parsed.message}`);
    // Recorded in the config, so DIR/config.json reruns the same seeds.
    config = withSeeds(config, parsed.seeds);
  }
  const checked = parseExperimentConfig(config);
  if (!checked.ok) throw new UsageError(checked.issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  if (checked.config.base_pair_source === 'pretrain') throw new UsageError(pretrainRefusal(checked.config));
  warnShortBudget(checked.config);
  const rows = runRows(checked.config).map((r) => r.name);
  const reference = values.reference ?? (checked.config.sweep && !rows.includes('agon') ? sweepReference(checked.config.sweep) : 'agon');
  if (values.reference !== undefined && !rows.includes(reference)) throw new UsageError(`--reference must be a method or arm of this run (${rows.join(', ')}), got "${reference}"`);
  const jobs = integer('jobs', values.jobs);
  if (jobs < 1) throw new UsageError('--jobs must be at least 1');
  const arms = values.arms?.split(',') ?? null;
  const known = runArms(checked.config).map((a) => a.name);
  const unknown = arms?.find((a) => !known.includes(a));
  if (unknown !== undefined) throw new UsageError(`--arms: "${unknown}" is not an arm of this config (${known.join(', ')})`);
  return { config: checked.config, seeds: seedsOf(checked.config), out: values.out, checkpoints: values.checkpoints, backend: values.backend, jobs, arms, summary: !values['no-summary'], summarizeOnly: values.summarize, bySeed: values['by-seed'], resume: values.resume, reference };
}

/** A completion budget below the task's layout is allowed (an ablation), but it cuts every full solution: say so. */
function warnShortBudget(config: ExperimentConfig): void {
  const needed = completionBudget(familyByName(config.task));
  const budget = config.rl.max_completion_length;
  if (budget < needed) console.warn(`warning: rl.max_completion_length is ${budget}, below the ${needed} tokens a full ${config.task} solution takes: longer completions are cut and count as unparseable`);
}

/** In-run pretraining is the playground's; here the same pretraining is its own command, then the experiment runs on its files. */
function pretrainRefusal(config: ExperimentConfig): string {
  const s = config.pretrain;
  const flags = s
    ? ` --trunk-steps ${s.trunk_steps} --fork-steps ${s.fork_steps} --batch ${s.batch_size} --lr ${s.learning_rate} --fork-noise ${s.fork_noise} --seed ${s.seed} --trunk-target ${s.trunk_target} --fork-target ${s.fork_target} --check-every ${s.check_every} --check-problems ${s.check_problems}`
    : '';
  return (
    `this config pretrains its base pair before the experiment (base_pair_source "pretrain"), which only the playground does.\n` +
    `In Node, pretrain first with the same code, then run on those checkpoints:\n` +
    `  npm run pretrain -- --task ${config.task}${flags} --out DIR\n` +
    `  npm run experiment -- --config <this config with base_pair_source "shipped"> --checkpoints DIR --out ...`
  );
}

const pct = (x: number) => `${(100 * x).toFixed(1)}`;
function printTable(results: ExperimentResult[], reference: string): void {
  console.log(`\n${pooledTableText(results, reference)}`);
  console.log(`\n${headlineRatiosText(results)}`);
  const ratio = agonOverGrpoText(results);
  if (ratio) console.log(`\n${ratio}`);
}

/** One row per eval step, one column per row of the run: `cell` of that row's point at that step, or blank. */
function printByStep<P extends { step: number }>(title: string, curves: Partial<Record<string, P[]>>, rows: readonly RunRow[], cell: (p: P) => string): void {
  const shown = rows.filter((r) => curves[r.name]?.length);
  const steps = [...new Set(shown.flatMap((r) => curves[r.name]!.map((p) => p.step)))].sort((a, b) => a - b);
  console.log(`\n${title}\n\n| step | ${shown.map((r) => r.label).join(' | ')} |\n|---|${shown.map(() => '---|').join('')}`);
  for (const step of steps) {
    console.log(`| ${step} | ${shown.map((r) => { const p = curves[r.name]!.find((q) => q.step === step); return p ? cell(p) : ''; }).join(' | ')} |`);
  }
}

/** The learning curves (pooled pass@1 at each evaluation) and the mechanism's signature (rescue / sabotage). */
function printCurves(config: ExperimentConfig, results: ExperimentResult[]): void {
  const rows = runRows(config);
  printByStep('pass@1 % on test-hard at each evaluation (seeds pooled)', methodCurves(results), rows, (p) => pct(p.passAt1));
  const rate = (x: number | null) => (x === null ? '-' : pct(x));
  printByStep('rescue % / sabotage % of the chosen cascade at each evaluation (mean over seeds)', mechanismCurves(results), rows, (p) => `${rate(p.rescue)} / ${rate(p.sabotage)}`);
}

/** Where a seed's result goes; a child of --jobs that ran some arms writes a part of it. */
function resultFile(out: string, seed: number, arms: readonly string[] | null): string {
  return join(out, arms ? `result-seed${seed}-${arms.join('+')}.json` : `result-seed${seed}.json`);
}

/** Runs one seed (all its arms, or `arms`) in this process and writes its result JSON. */
async function runSeed(config: ExperimentConfig, seed: number, out: string, checkpoints: string, backend: ExperimentBackend, arms: readonly string[] | null): Promise<ExperimentResult> {
  const info = await startBackend(backend, seed);
  const pair = shippedPairBytes(checkpoints, config.task, config.base_pair);
  const pairId = basePairId(config.task, pair.a, pair.b);
  if (!(SHIPPED_PAIR_NAMES as readonly string[]).includes(config.base_pair) && config.base_pair !== pairId) {
    console.warn(`warning: the config was made with base pair ${config.base_pair}, these checkpoints are ${pairId}; curves will differ`);
  }
  const adapter = info.adapter ? { adapter: describeAdapter(info.adapter) } : {};
  const environment = { backend: info.name, ...adapter, tfjsVersion: tf.version.tfjs, appVersion: process.env.npm_package_version ?? 'dev', platform: `node ${process.version}` };
  const runner = new ExperimentRunner({ ...configForSeed(config, seed), base_pair: pairId }, pair, environment, null, { onlyArms: arms ?? undefined });
  let lastPrint = 0;
  runner.on((e) => {
    if (e.type === 'eval') {
      const parts = Object.entries(e.point.readouts).map(([m, r]) => `${m} ${pct(r.candidates[r.chosen]!.test.passAt1)}%`);
      console.log(`[seed ${seed}] ${e.arm} step ${e.point.step}: ${parts.join(', ')}`);
    } else if (e.type === 'progress' && Date.now() - lastPrint > 15_000) {
      lastPrint = Date.now();
      const p = e.progress;
      console.log(`[seed ${seed}] ${p.arm} step ${p.step}/${p.steps}, ${(p.elapsedMs / 1000).toFixed(0)} s elapsed${p.etaMs === null ? '' : `, ~${(p.etaMs / 1000).toFixed(0)} s left in this seed`}`);
    } else if (e.type === 'arm-error' || e.type === 'warning') {
      console.error(`[seed ${seed}] ${e.message}`);
    }
  });
  const result = await runner.run();
  writeFileSync(resultFile(out, seed, arms), JSON.stringify(result) + '\n');
  return result;
}

/** Longest first, so the last process to finish is not the one that started an Agon arm last. */
function byCost(config: ExperimentConfig): string[] {
  const arms = runArms(config);
  const cost = (arm: RunArm) => ({ agon: 2, grpo: 1, base: 0 })[arm.spec.kind];
  return [...arms].sort((x, y) => cost(y) - cost(x)).map((a) => a.name);
}

/**
 * Runs every (seed, arm) in child processes, at most `jobs` at once; each reads the resolved
 * config from DIR/config.json. A seed's parts are merged into its result JSON as soon as its last
 * arm finishes, so a stopped run leaves whole seeds that --resume keeps and --summarize can read.
 */
async function runChildren(config: ExperimentConfig, configFile: string, seeds: number[], jobs: number, out: string, checkpoints: string, backend: string, resume: boolean): Promise<ExperimentResult[]> {
  const arms = byCost(config);
  mergeFinishedSeeds(out, seeds, arms);
  const kept = seeds.filter((seed) => resume && existsSync(resultFile(out, seed, null)));
  for (const seed of kept) console.log(`[seed ${seed}] finished earlier, kept from ${resultFile(out, seed, null)}`);
  // Seed by seed, the longest arms first within a seed: a run stopped part-way leaves whole seeds.
  const units = seeds.filter((seed) => !kept.includes(seed)).flatMap((seed) => arms.map((arm) => ({ seed, arm })));
  // An arm's part is written only when the arm has finished, so one that exists is whole (--resume).
  const queue = units.filter((u) => !existsSync(resultFile(out, u.seed, [u.arm])));
  for (const u of units.filter((v) => !queue.includes(v))) console.log(`[seed ${u.seed}] ${u.arm}: finished earlier, kept from ${resultFile(out, u.seed, [u.arm])}`);
  const worker = async () => {
    for (let unit = queue.shift(); unit !== undefined; unit = queue.shift()) {
      const args = ['--config', configFile, '--seeds', String(unit.seed), '--arms', unit.arm, '--out', out, '--checkpoints', checkpoints, '--backend', backend, '--no-summary'];
      const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, ...args], { stdio: 'inherit' });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      if (code !== 0) throw new Error(`seed ${unit.seed}, arm ${unit.arm} failed (exit ${code})`);
      mergeFinishedSeeds(out, [unit.seed], arms);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, worker));
  return seeds.map((seed) => JSON.parse(readFileSync(resultFile(out, seed, null), 'utf8')) as ExperimentResult);
}

/** Merges each seed whose arms have all finished into its result JSON, and removes its parts. */
function mergeFinishedSeeds(out: string, seeds: number[], arms: string[]): void {
  for (const seed of seeds) {
    const parts = arms.map((arm) => resultFile(out, seed, [arm]));
    if (!parts.every((f) => existsSync(f))) continue;
    const result = mergeArmRuns(parts.map((f) => JSON.parse(readFileSync(f, 'utf8')) as ExperimentResult));
    writeFileSync(resultFile(out, seed, null), JSON.stringify(result) + '\n');
    for (const f of parts) rmSync(f);
  }
}

/** DIR/config.json as a run writes it; --resume compares against the same text. */
const resolvedConfigText = (config: ExperimentConfig) => JSON.stringify(config, null, 2) + '\n';

/** --resume continues only the run that left DIR: the same resolved config, or a clear refusal. */
function checkResumable(configFile: string, config: ExperimentConfig): void {
  if (!existsSync(configFile)) return;
  if (readFileSync(configFile, 'utf8') !== resolvedConfigText(config)) {
    throw new UsageError(`--resume: ${configFile} holds another config than this one; resume with --config ${configFile}, or give another --out`);
  }
}

/** A fresh run must not merge an earlier run's finished arms into its own. */
function removeParts(out: string): void {
  for (const f of readdirSync(out)) if (/^result-seed\d+-.+\.json$/.test(f)) rmSync(join(out, f));
}

function summarize(config: ExperimentConfig, results: ExperimentResult[], out: string, reference: string, bySeed: boolean): void {
  writeFileSync(join(out, 'curves.csv'), curvesCsv(results));
  const curves = methodCurves(results);
  const series = runRows(config).filter((r) => curves[r.name]).map((r) => ({ label: r.label, points: curves[r.name]! }));
  writeFileSync(join(out, 'pass-at-1.svg'), passAt1Svg(series, config.steps, `pass@1 on test-hard (${config.task}), ${results.length} seed(s)`));
  printTable(results, reference);
  printCurves(config, results);
  const sweep = sweepTable(results, config);
  if (sweep) {
    console.log(`\n${sweepTableText(sweep)}`);
    writeFileSync(join(out, 'sweep.svg'), sweepPlotSvg(sweep, `pass@1 against ${sweep.field} (${config.task}), ${results.length} seed(s)`));
  }
  if (bySeed) console.log(seedTablesText(results, runRows(config)));
  console.log(`\nwrote ${out}/result-seed*.json, curves.csv, pass-at-1.svg${sweep ? ', sweep.svg' : ''}`);
}

async function main() {
  const { config: given, seeds, out, checkpoints, backend, jobs, arms, summary, summarizeOnly, bySeed, resume, reference } = parse();
  if (summarizeOnly) {
    const results = seeds.map((seed) => JSON.parse(readFileSync(join(out, `result-seed${seed}.json`), 'utf8')) as ExperimentResult);
    summarize(results[0]?.config ?? given, results, out, reference, bySeed);
    return;
  }
  // Recorded in config.json: a pair made for its own hard split is measured on it.
  const config = withPairHardSplit(given, shippedPairHardSplit(checkpoints, given.task, given.base_pair));
  mkdirSync(out, { recursive: true });
  // The resolved config, saved for rerunning (children of --jobs read it; they do not write it).
  const configFile = join(out, 'config.json');
  if (resume) checkResumable(configFile, config);
  else if (summary && arms === null) removeParts(out);
  if (summary) writeFileSync(configFile, resolvedConfigText(config));
  const results: ExperimentResult[] = [];
  if ((jobs > 1 || resume) && !arms) {
    results.push(...(await runChildren(config, configFile, seeds, jobs, out, checkpoints, backend, resume)));
  } else {
    for (const seed of seeds) results.push(await runSeed(config, seed, out, checkpoints, backend, arms));
  }
  if (summary) summarize(config, results, out, reference, bySeed);
  if (results.some((r) => r.status !== 'complete')) process.exitCode = 1;
}

main().catch((e) => {
  if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`error: ${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
