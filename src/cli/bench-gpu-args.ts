/** Arguments of `npm run bench:gpu` and of its measuring process: the model size, quick mode. */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { DEFAULT_EXPERIMENT, type ExperimentConfig } from '../core/experiment/config';
import { DEFAULT_MODEL_CONFIG } from '../core/model/config';

export const BENCH_GPU_USAGE = `usage: npm run bench:gpu -- [--quick] [--d-model D] [--layers L] [--heads H] [--ff F] [--help]
  One run, four tables. First the training step of one model (default: the app's, d64 L2 H4 ff256)
  at batch 4 and 64 on webgpu with the fused kernels (Dawn over whatever Vulkan GPU it finds,
  else lavapipe), on tfjs wasm, and in PyTorch (scripts/bench_reference.py): CUDA eager, CUDA graph
  and CPU on 1 thread; rows that cannot run here say why ("no CUDA"). Then the same step against
  model size, d_model 64 to 512 and 2 to 6 layers, at batch 64. Then a rollout against model size.
  Then end to end: one seed of the default experiment on webgpu, and the default experiment exported
  as a PyTorch project (npm run export:pytorch) for 20 steps on CUDA and on the CPU. Each measurement
  runs in a process of its own under a time cap. Progress goes to stderr, the tables to stdout.
  --quick            the size sweep at batch 4 and two sizes, 3 steps; the default seed cut down,
                     the PyTorch project for 2 steps on the CPU: minutes on a CPU Vulkan
  --d-model, --layers, --heads, --ff   the first table's model size
  --help             this text`;

export class UsageError extends Error {}

export interface ModelSize {
  dModel: number;
  layers: number;
  heads: number;
  ff: number;
}

export const DEFAULT_SIZE: ModelSize = { dModel: DEFAULT_MODEL_CONFIG.dModel, layers: DEFAULT_MODEL_CONFIG.nLayers, heads: DEFAULT_MODEL_CONFIG.nHeads, ff: DEFAULT_MODEL_CONFIG.dFF };

/** The size sweep: the app's model up to a d512, 6-layer one (dHead 16 to 64). */
export const SWEEP: ModelSize[] = [
  DEFAULT_SIZE,
  { dModel: 128, layers: 4, heads: 4, ff: 512 },
  { dModel: 256, layers: 4, heads: 8, ff: 1024 },
  { dModel: 512, layers: 6, heads: 8, ff: 2048 },
];
export const QUICK_SWEEP = SWEEP.slice(0, 2);

export const sizeLabel = (s: ModelSize) => `d${s.dModel} L${s.layers} H${s.heads} ff${s.ff}`;

/** The flags of a size, as both bench-gpu-measure.ts and scripts/bench_reference.py (--d-ff) read them. */
export const sizeFlags = (s: ModelSize, ffFlag = '--ff') => ['--d-model', s.dModel, '--layers', s.layers, '--heads', s.heads, ffFlag, s.ff].map(String);

const SIZE_OPTIONS = {
  'd-model': { type: 'string', default: String(DEFAULT_SIZE.dModel) },
  layers: { type: 'string', default: String(DEFAULT_SIZE.layers) },
  heads: { type: 'string', default: String(DEFAULT_SIZE.heads) },
  ff: { type: 'string', default: String(DEFAULT_SIZE.ff) },
} as const;

function positive(name: string, raw: string): number {
  const v = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(v) || v < 1) throw new UsageError(`--${name} must be a positive integer, got "${raw}"`);
  return v;
}

type SizeValues = { 'd-model': string; layers: string; heads: string; ff: string };

function sizeOf(values: SizeValues): ModelSize {
  const size = { dModel: positive('d-model', values['d-model']), layers: positive('layers', values.layers), heads: positive('heads', values.heads), ff: positive('ff', values.ff) };
  if (size.dModel % size.heads !== 0) throw new UsageError(`--d-model ${size.dModel} is not a multiple of --heads ${size.heads}`);
  return size;
}

function parse<T extends ParseArgsOptionsConfig>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    // node:util's own errors (unknown flag, missing value) are usage errors too.
    throw new UsageError((e as Error).message);
  }
}

export interface BenchGpuArgs {
  quick: boolean;
  size: ModelSize;
  help: boolean;
}

export function parseBenchGpuArgs(argv: string[]): BenchGpuArgs {
  const values = parse(argv, { ...SIZE_OPTIONS, quick: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } });
  return { quick: values.quick, size: sizeOf(values), help: values.help };
}

export interface MeasureArgs {
  backend: 'webgpu' | 'wasm';
  /** webgpu: the recorded training step (recorded-train-step.ts) instead of the fused one. */
  recorded: boolean;
  size: ModelSize;
  batches: number[];
  /** Timed steps at most, after a warm-up step; fewer where the budget runs out (at least one). */
  steps: number;
  budgetS: number;
}

export function parseMeasureArgs(argv: string[]): MeasureArgs {
  const values = parse(argv, {
    ...SIZE_OPTIONS,
    backend: { type: 'string', default: 'webgpu' },
    recorded: { type: 'boolean', default: false },
    batches: { type: 'string', default: '4,64' },
    steps: { type: 'string', default: '5' },
    'budget-s': { type: 'string', default: '30' },
  });
  const backend = values.backend;
  if (backend !== 'webgpu' && backend !== 'wasm') throw new UsageError(`--backend must be webgpu or wasm, got "${backend}"`);
  if (values.recorded && backend !== 'webgpu') throw new UsageError('--recorded needs --backend webgpu');
  return {
    backend,
    recorded: values.recorded,
    size: sizeOf(values),
    batches: values.batches.split(',').map((b) => positive('batches', b.trim())),
    steps: positive('steps', values.steps),
    budgetS: positive('budget-s', values['budget-s']),
  };
}

/** The end-to-end row's process (bench-gpu-seed.ts): the default experiment, seed 1, or a cut-down one. */
export interface SeedArgs {
  checkpoints: string;
  /** Stops the run (cancelled, steps done so far reported) once this much time has gone by. */
  maxSeconds: number;
  /** Cut-down: fewer training steps and evaluation problems than the default experiment's. */
  steps?: number;
  evalProblems?: number;
}

export function parseSeedArgs(argv: string[]): SeedArgs {
  const values = parse(argv, { checkpoints: { type: 'string' }, 'max-seconds': { type: 'string', default: '240' }, steps: { type: 'string' }, 'eval-problems': { type: 'string' } });
  if (!values.checkpoints) throw new UsageError('--checkpoints DIR is required');
  return {
    checkpoints: values.checkpoints,
    maxSeconds: positive('max-seconds', values['max-seconds']),
    ...(values.steps === undefined ? {} : { steps: positive('steps', values.steps) }),
    ...(values['eval-problems'] === undefined ? {} : { evalProblems: positive('eval-problems', values['eval-problems']) }),
  };
}

/** The default experiment (the app's opening config) at seed 1, cut down where asked: it still evaluates at its last step. */
export function seedConfig(args: Pick<SeedArgs, 'steps' | 'evalProblems'>): ExperimentConfig {
  const steps = args.steps ?? DEFAULT_EXPERIMENT.steps;
  return { ...DEFAULT_EXPERIMENT, seed: 1, steps, eval_every: Math.min(DEFAULT_EXPERIMENT.eval_every, steps), eval_problems: args.evalProblems ?? DEFAULT_EXPERIMENT.eval_problems };
}
