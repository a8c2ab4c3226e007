/**
 * npm run pretrain -- --task math|code [options]
 * Trains the base pair A/B of a task family by supervised learning on generated
 * traces, evaluates them, measures their premise figures (as npm run diagnose does),
 * and writes public/checkpoints/<pair>-{a,b}.ckpt plus an entry in
 * public/checkpoints/manifest.json saying how they were made (command, settings, recipe)
 * and what they do. <pair> is the family's name unless --pair names another.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { selectBackend } from '../core/backend';
import type { BackendName } from '../core/backend';
import { overlap } from '../core/eval/overlap';
import { basePairId } from '../core/experiment/base-pair';
import { soloStage } from '../core/eval/cascade';
import { measurePremise, PREMISE_DEFAULTS } from '../core/diagnostics/measure';
import { premiseReport } from '../core/diagnostics/report';
import { modelCompleter } from '../core/diagnostics/rollouts';
import type { Transformer } from '../core/model/transformer';
import { familyFlag } from './family-flag';
import { completionBudget } from '../core/tasks/budget';
import { TEST_HARD_SIZE, testHardSplit, validationSplit } from '../core/tasks/splits';
import type { TaskFamily } from '../core/tasks/task';
import { TOKENIZER_VERSION } from '../core/tokenizer/tokenizer';
import { factGroups } from '../core/train/knowledge';
import { withRecipe } from '../core/train/recipe';
import { encodeBasePair } from '../core/train/pair-checkpoints';
import { PRETRAIN_BUDGETS, PRETRAIN_DEFAULTS, pretrainModelConfig } from '../core/train/pretrain-defaults';
import { forkOf, pretrainPair, trainFork, type ForkDone, type ForkStage, type PretrainConfig, type PretrainProgress, type StageCut, type TrunkStart } from '../core/train/pretrain-pair';
import { validationCheck } from '../core/train/validation-check';
import { loadPair, manifestPath, readManifest, writeManifest } from './checkpoint-dir';
import { pairFlag, RECIPE_OPTIONS, recipeFlags } from './recipe-flags';
import { keptFiles, loadCuts, loadForks, saveCut, saveFork } from './fork-files';
import { loadTrunk, saveTrunk } from './trunk-file';

const USAGE = `usage: npm run pretrain -- --task math|code [--trunk-steps N] [--fork-steps N] [--batch N]
       [--lr X] [--fork-noise X] [--seed N] [--trunk-target P] [--fork-target P] [--check-every N]
       [--check-problems N] [--plateau-checks N] [--backend wasm|cpu] [--eval-size N] [--out DIR]
       [--forks-from DIR] [--pair NAME] [--fact-shares S,A,B,N] [--fork-mix OWN,READ,UNREL]
       [--reading-focus X] [--reading-trust X] [--split-seed N] [--hard-difficulties D,...] [--save-trunk]
       [--trunk-from DIR] [--resume]
       [--only-fork A|B]
Steps are maxima: each stage stops once its held-out loss has not improved by 1% for
--plateau-checks checks in a row (0: never), or once validation pass@1 reaches its target.
The premise figures (npm run diagnose) are measured on the first --eval-size test-hard problems.
--forks-from DIR skips the trunk and continues the fork stages of the pair in DIR (its manifest
and checkpoints): to try a change of the forks' data without retraining the trunk.
--pair NAME writes the pair under another name (e.g. math-premise), beside the shipped one.
The recipe flags change who is taught what and how much a fork reads (defaults: the family's
shipped recipe): --fact-shares the shares of facts taught to both, only A, only B and no one;
--fork-mix the shares of a fork's examples alone, reading a draft and with an unrelated draft;
--reading-focus the share of reading examples drawn among problems that need a fact it lacks;
--reading-trust the share of reading examples that take the draft's word where the fork lacks a
fact (the others write the fork's own guess there); --split-seed the seed of the fixed shuffle the
fact shares cut, which decides which facts fall to whom; --hard-difficulties the difficulties of
the pair's test-hard and validation splits (and of the problems a fork's focused reading draws), which
diagnose and the premise figures then measure on.
--save-trunk keeps the trained trunk in --out (<pair>-trunk.ckpt and .json); --trunk-from DIR forks
the trunk kept there instead of training one, where the flags would train the same trunk (the
same shared facts and trunk settings): pilots of other fork mixes cost only their forks.
Each fork is kept in --out at each check (<pair>-a.cut.*) and once it finishes (<pair>-a.fork.*;
the same for b). --resume continues a killed run with the same flags from what it kept in --out
(and the trunk there, where --save-trunk kept it), as if it had not been killed; without --resume,
a run refuses an --out that holds them. --only-fork A|B trains that
fork of a kept trunk (--trunk-from, or --resume with one in --out) and stops: two processes train
A and B at once, then the same command with --resume and no --only-fork writes the pair.`;

function fail(message: string): never {
  console.error(`error: ${message}\n${USAGE}`);
  process.exit(2);
}

function positiveNumber(name: string, raw: string, integer: boolean): number {
  const v = Number(raw);
  if (!Number.isFinite(v) || v < 0 || (integer && !Number.isInteger(v))) fail(`--${name} must be a ${integer ? 'non-negative integer' : 'non-negative number'}, got "${raw}"`);
  return v;
}

function parse() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        task: { type: 'string' },
        'trunk-steps': { type: 'string' },
        'fork-steps': { type: 'string' },
        batch: { type: 'string' },
        lr: { type: 'string', default: String(PRETRAIN_DEFAULTS.learningRate) },
        'fork-noise': { type: 'string', default: String(PRETRAIN_DEFAULTS.forkNoise) },
        'trunk-target': { type: 'string', default: String(PRETRAIN_DEFAULTS.trunkTarget) },
        'fork-target': { type: 'string', default: String(PRETRAIN_DEFAULTS.forkTarget) },
        'check-every': { type: 'string', default: String(PRETRAIN_DEFAULTS.checkEvery) },
        'check-problems': { type: 'string', default: String(PRETRAIN_DEFAULTS.checkProblems) },
        'plateau-checks': { type: 'string', default: String(PRETRAIN_DEFAULTS.plateauChecks) },
        seed: { type: 'string', default: String(PRETRAIN_DEFAULTS.seed) },
        backend: { type: 'string', default: 'wasm' },
        'eval-size': { type: 'string', default: '1000' },
        out: { type: 'string', default: 'public/checkpoints' },
        'forks-from': { type: 'string' },
        pair: { type: 'string' },
        'save-trunk': { type: 'boolean', default: false },
        'trunk-from': { type: 'string' },
        resume: { type: 'boolean', default: false },
        'only-fork': { type: 'string' },
        ...RECIPE_OPTIONS,
      },
      strict: true,
    }));
  } catch (e) {
    fail((e as Error).message);
  }
  const plainFamily = familyFlag(values.task, fail);
  const pairName = pairFlag(values.pair, plainFamily, fail);
  const recipe = recipeFlags(values, plainFamily, fail);
  const family = withRecipe(plainFamily, recipe);
  const defaults = PRETRAIN_BUDGETS[family.name];
  if (values.backend !== 'wasm' && values.backend !== 'cpu') fail(`--backend must be wasm or cpu, got "${values.backend}"`);
  const config: PretrainConfig = {
    model: pretrainModelConfig(family),
    trunkSteps: positiveNumber('trunk-steps', values['trunk-steps'] ?? String(defaults.trunkSteps), true),
    forkSteps: positiveNumber('fork-steps', values['fork-steps'] ?? String(defaults.forkSteps), true),
    batchSize: positiveNumber('batch', values.batch ?? String(defaults.batchSize), true),
    learningRate: positiveNumber('lr', values.lr, false),
    forkNoise: positiveNumber('fork-noise', values['fork-noise'], false),
    seed: positiveNumber('seed', values.seed, true),
    trunkTarget: positiveNumber('trunk-target', values['trunk-target'], false),
    forkTarget: positiveNumber('fork-target', values['fork-target'], false),
    checkEvery: positiveNumber('check-every', values['check-every'], true),
    plateauChecks: positiveNumber('plateau-checks', values['plateau-checks'], true),
    heldOutSize: PRETRAIN_DEFAULTS.heldOutSize,
  };
  if (config.checkEvery < 1) fail('--check-every must be at least 1');
  if (config.batchSize < 1) fail('--batch must be at least 1');
  if (config.learningRate <= 0) fail('--lr must be above 0');
  const checkProblems = positiveNumber('check-problems', values['check-problems'], true);
  if (checkProblems < 1) fail('--check-problems must be at least 1');
  const evalSize = positiveNumber('eval-size', values['eval-size'], true);
  if (evalSize < 2 || evalSize > TEST_HARD_SIZE) fail(`--eval-size must be from 2 to ${TEST_HARD_SIZE} (the size of test-hard), got ${evalSize}`);
  if (values['forks-from'] !== undefined && values['trunk-from'] !== undefined) fail('--forks-from and --trunk-from exclude each other');
  const onlyFork = values['only-fork'];
  if (onlyFork !== undefined && onlyFork !== 'A' && onlyFork !== 'B') fail(`--only-fork must be A or B, got "${onlyFork}"`);
  if (onlyFork !== undefined && values['forks-from'] !== undefined) fail('--only-fork forks a kept trunk: it excludes --forks-from');
  const trunkFrom = values['trunk-from'] ?? (values.resume && existsSync(join(values.out, `${pairName}-trunk.ckpt`)) ? values.out : undefined);
  if (onlyFork !== undefined && trunkFrom === undefined) fail(`--only-fork needs a kept trunk: --trunk-from DIR, or --resume with ${pairName}-trunk.ckpt in --out`);
  const trunk = { save: values['save-trunk'] && trunkFrom !== values.out, from: trunkFrom };
  return { family, pairName, recipe, config, checkProblems, backend: values.backend as BackendName, evalSize, out: values.out, forksFrom: values['forks-from'], trunk, resume: values.resume, onlyFork: onlyFork as ForkStage | undefined };
}

async function evaluate(model: Transformer, family: TaskFamily, evalSize: number) {
  const sampling = { temperature: 1, topP: 1, maxNewTokens: completionBudget(family), seed: 7 };
  const test = (await soloStage(model, family, testHardSplit(family, evalSize), sampling)).result.correct;
  const validation = (await soloStage(model, family, validationSplit(family, evalSize), sampling)).result.correct;
  return { test, validation };
}

const mean = (xs: boolean[]) => xs.filter(Boolean).length / Math.max(1, xs.length);

async function main() {
  const { family, pairName, recipe, config, checkProblems, backend, evalSize, out, forksFrom, trunk, resume, onlyFork } = parse();
  const info = await selectBackend([backend]);
  mkdirSync(out, { recursive: true });
  const stages: ForkStage[] = onlyFork ? [onlyFork] : ['A', 'B'];
  const earlier = keptFiles(out, pairName, stages);
  if (!resume && earlier.length > 0) fail(`${out} holds what an earlier run kept (${earlier.join(', ')}): add --resume to go on from it, or choose another --out`);
  const done = resume ? loadForks(out, pairName, family, recipe, config, stages) : {};
  const cut = resume ? loadCuts(out, pairName, family, recipe, config, stages.filter((s) => !done[s])) : {};
  const start = forksFrom !== undefined ? loadPair(forksFrom, pairName).pair : trunk.from !== undefined ? loadTrunk(trunk.from, pairName, family, config) : undefined;
  if (start && 'a' in start) config.model = start.a.config;
  const from = forksFrom !== undefined ? `, continuing the forks in ${forksFrom}` : start ? `, forking the trunk in ${trunk.from}` : '';
  const resumed = [...Object.keys(done).map((s) => `${s} kept`), ...Object.entries(cut).map(([s, c]) => `${s} from step ${c.cut.step}`)];
  const kept = resumed.length > 0 ? `, resuming with ${resumed.join(' and ')}` : '';
  console.log(`pretraining the ${pairName} pair (${family.name}, recipe ${JSON.stringify(recipe)}) on ${info.name}${from}${kept}: ${JSON.stringify(config)}`);
  const started = Date.now();
  let last = 0;
  const progress = (p: PretrainProgress) => {
    if (p.validation !== undefined || Date.now() - last > 10_000) {
      last = Date.now();
      const check = p.validation === undefined ? '' : ` held-out loss ${p.heldOut?.toFixed(4)} validation pass@1 ${(100 * p.validation).toFixed(1)}%`;
      console.log(`${p.stage} step ${p.step}/${p.steps} loss ${p.loss.toFixed(4)}${check} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  };
  const keepFork = (stage: ForkStage, fork: ForkDone) => saveFork(out, pairName, family, recipe, config, stage, fork);
  const keepCut = (stage: ForkStage, model: Transformer, c: StageCut) => saveCut(out, pairName, family, recipe, config, stage, model, c);
  if (onlyFork !== undefined) {
    if (done[onlyFork]) return console.log(`the fork ${onlyFork} is already kept in ${out}`);
    const { trunk: source } = start as TrunkStart;
    const model = cut[onlyFork]?.model ?? forkOf(source, onlyFork, config);
    const cuts = { from: cut[onlyFork]?.cut, onCheck: (c: StageCut) => keepCut(onlyFork, model, c) };
    const fork = await trainFork(model, onlyFork, family, config, validationCheck(family, checkProblems), progress, undefined, cuts);
    await keepFork(onlyFork, fork);
    source.dispose();
    return console.log(`kept the fork ${onlyFork} (${fork.steps} steps) in ${out}`);
  }
  const pair = await pretrainPair(family, config, validationCheck(family, checkProblems), progress, undefined, start, {
    onTrunk: trunk.save ? (t) => saveTrunk(out, pairName, family, config, t) : undefined,
    onFork: keepFork,
    onCheck: keepCut,
    done,
    cut,
  });
  if (start && 'trunk' in start) start.trunk.dispose();
  const trainSeconds = (Date.now() - started) / 1000;
  const evalA = await evaluate(pair.a, family, evalSize);
  const evalB = await evaluate(pair.b, family, evalSize);
  const metrics = {
    testHard: { a: mean(evalA.test), b: mean(evalB.test), overlap: overlap(evalA.test, evalB.test) },
    validation: { a: mean(evalA.validation), b: mean(evalB.validation) },
    evalProblems: evalSize,
    sampling: 'one sample per problem, temperature 1, top_p 1, plain prompt',
  };
  console.log(JSON.stringify(metrics, null, 2));
  const premise = await measurePremise({ A: modelCompleter(pair.a), B: modelCompleter(pair.b) }, family, {
    ...PREMISE_DEFAULTS,
    problems: evalSize,
    command: `npm run diagnose -- --task ${family.name}${pairName === family.name ? '' : ` --pair ${pairName}`} --checkpoints ${out} --problems ${evalSize}`,
  });
  console.log(premiseReport(family.name, premise));

  const encoded = await encodeBasePair(pair, family);
  const write = (name: 'a' | 'b') => {
    const bytes = encoded[name];
    const file = `${pairName}-${name}.ckpt`;
    writeFileSync(join(out, file), bytes);
    return { file, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  };
  const files = { a: write('a'), b: write('b') };
  const manifest = readManifest(out);
  manifest.pairs[pairName] = {
    task: family.name,
    id: basePairId(family.name, encoded.a, encoded.b),
    command: `npm run pretrain -- ${process.argv.slice(2).join(' ')}`.trim(),
    config,
    recipe,
    checkProblems,
    stepsTrained: pair.steps,
    curves: pair.curves,
    knowledge: { shares: family.factShares, facts: Object.fromEntries(factGroups(family)) },
    tokenizerVersion: TOKENIZER_VERSION,
    backend: info.name,
    tfjsVersion: tf.version.tfjs,
    trainSeconds: Math.round(trainSeconds),
    createdAt: new Date().toISOString(),
    files,
    metrics,
    premise,
  };
  writeManifest(out, manifest);
  console.log(`wrote ${Object.values(files).map((f) => join(out, f.file)).join(', ')} and ${manifestPath(out)}`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
