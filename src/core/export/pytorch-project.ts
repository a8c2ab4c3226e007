/**
 * An experiment as a self-contained PyTorch project (train.py, runnable with torchrun): the
 * file map both the CLI (written to a folder) and the app (zipped) produce. The problems are
 * data, drawn here by the playground's own code: the training stream of every seed and step
 * (trainingProblems) and the evaluation sets, so the Python side trains and evaluates on the
 * very same problems; the verifiers are ported. The rows and arms are the run's own (the
 * paper's methods, the config's arms and its sweep's points: pytorch-arms.ts). The base pair's
 * checkpoints go in as they are (float32 + a JSON header); train.py converts them to state dicts
 * and checks them on load.
 */
import { basePairId } from '../experiment/base-pair';
import type { ExperimentConfig } from '../experiment/config';
import { trainingProblems } from '../experiment/runner';
import { seedsOf } from '../experiment/seeds';
import { decodeCheckpoint } from '../model/checkpoint';
import { completionBudget } from '../tasks/budget';
import { experimentFamily } from '../experiment/experiment-family';
import { testHardSplit, validationSplit } from '../tasks/splits';
import type { Problem } from '../tasks/task';
import { PYTORCH_EXPORT_VERSION, pytorchRun } from './pytorch-arms';
import { pytorchReadme } from './pytorch-readme';
import { sha256Hex } from './sha256';

/** The Python sources, relative to the project root; the CLI reads them from src/export/pytorch, the app imports them raw. */
export const PYTORCH_SOURCES = [
  'train.py',
  'agon/__init__.py',
  'agon/cpu.py',
  'agon/distributed.py',
  'agon/draws.py',
  'agon/evaluation.py',
  'agon/export_file.py',
  'agon/model.py',
  'agon/rl.py',
  'agon/tasks.py',
  'agon/training.py',
] as const;

export type PythonSources = Record<(typeof PYTORCH_SOURCES)[number], string>;

export interface PytorchExportInput {
  config: ExperimentConfig;
  /** The base pair's checkpoint files (AGONCKPT) of config.task. */
  pair: { a: Uint8Array; b: Uint8Array };
  sources: PythonSources;
  appVersion: string;
}

/** What the problems files hold of a problem: its text, the reference answer, the hidden cases (code) and its difficulty. */
const problemData = (p: Problem) => ({ difficulty: p.difficulty, text: p.text, answer: p.answer, hidden: p.hidden });

const json = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`;

/** Path -> contents of the project. */
export async function pytorchProject(input: PytorchExportInput): Promise<Map<string, string | Uint8Array>> {
  const { config, pair, sources } = input;
  const family = experimentFamily(config);
  const seeds = seedsOf(config);
  const files = new Map<string, string | Uint8Array>();
  for (const path of Object.keys(sources) as (keyof PythonSources)[]) files.set(path, sources[path]);
  const checkpoints = { A: `checkpoints/${config.task}-a.ckpt`, B: `checkpoints/${config.task}-b.ckpt` };
  files.set(checkpoints.A, pair.a);
  files.set(checkpoints.B, pair.b);
  const exported = {
    version: PYTORCH_EXPORT_VERSION,
    config: { ...config, base_pair: basePairId(config.task, pair.a, pair.b) },
    seeds,
    streamSteps: config.steps,
    appVersion: input.appVersion,
    family: { name: family.name, draftTraceWidth: family.draftTraceWidth, maxAnswerLength: family.maxAnswerLength, completionBudget: completionBudget(family) },
    modelConfig: decodeCheckpoint(pair.a, `the base pair's model A (${checkpoints.A})`).config,
    checkpoints: {
      A: { file: checkpoints.A, sha256: await sha256Hex(pair.a) },
      B: { file: checkpoints.B, sha256: await sha256Hex(pair.b) },
    },
    ...pytorchRun(config),
  };
  files.set('export.json', json(exported));
  for (const seed of seeds) {
    const stream = Array.from({ length: config.steps }, (_, step) => trainingProblems(family, seed, step, config.problems_per_step)).flat();
    files.set(`data/train-seed${seed}.json`, json(stream.map(problemData)));
  }
  files.set('data/eval-test.json', json(testHardSplit(family, config.eval_problems).map(problemData)));
  files.set('data/eval-validation.json', json(validationSplit(family, config.eval_problems).map(problemData)));
  files.set('README.md', pytorchReadme(exported.config, seeds));
  return files;
}
