// npm run bench:gpu -- [--quick] [--d-model D --layers L --heads H --ff F] (usage in bench-gpu-args.ts)
// The training step on webgpu (fused kernels, Dawn over whatever Vulkan driver it finds), tfjs wasm
// and PyTorch (CUDA eager, CUDA graph, CPU) on the same model and batch, then against model size;
// then a rollout on the fused decode and on the rollout kernel against model size; then whole runs: the
// default seed end to end on webgpu and the exported PyTorch project for 20 steps. One run, one process per
// measurement (bench-gpu-measure.ts, bench-gpu-rollout.ts, bench-gpu-seed.ts, scripts/bench_reference.py,
// train.py) so that a model too large for the device, or a hang, costs one cell. Tables on stdout, progress on stderr.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_GPU_USAGE, parseBenchGpuArgs, QUICK_SWEEP, sizeFlags, sizeLabel, SWEEP, UsageError, type BenchGpuArgs, type ModelSize } from './bench-gpu-args';
import type { MeasureResult } from './bench-gpu-measure';
import { benchGpuChildren, benchGpuFolders, nodeScriptArgv } from './bench-gpu-children';
import { endToEndTable, runFigures, type EndToEnd } from './bench-gpu-e2e-table';
import type { RolloutMeasure } from './bench-gpu-rollout';
import { rolloutScalingTable } from './bench-gpu-rollout-table';
import { BENCH_SAMPLE_OPTIONS } from '../core/model/benchmark';
import { DEFAULT_EXPERIMENT } from '../core/experiment/config';
import type { ExperimentResult } from '../core/experiment/result';
import { writePytorchProject } from './pytorch-export-run';
import { cellKey, mainTable, paramMismatches, scalingTable, SEQ, type Cell, type Cells, type ImplId } from './bench-gpu-table';

// The GPU kit runs a bundle of this file with plain node: BENCH_GPU_MEASURE and BENCH_GPU_REFERENCE name its copies.
const { measureArgv: MEASURE, reference: REFERENCE } = benchGpuChildren(process.env, {
  measure: fileURLToPath(new URL('./bench-gpu-measure.ts', import.meta.url)),
  reference: fileURLToPath(new URL('../../scripts/bench_reference.py', import.meta.url)),
});
// The rollout measurement likewise: BENCH_GPU_ROLLOUT names a bundled copy.
const MEASURE_ROLLOUT = nodeScriptArgv(process.env.BENCH_GPU_ROLLOUT, fileURLToPath(new URL('./bench-gpu-rollout.ts', import.meta.url)));
// The end-to-end rows: BENCH_GPU_SEED names the bundled seed run; the bundle's checkpoints and Python sources likewise.
const MEASURE_SEED = nodeScriptArgv(process.env.BENCH_GPU_SEED, fileURLToPath(new URL('./bench-gpu-seed.ts', import.meta.url)));
const FOLDERS = benchGpuFolders(process.env, {
  checkpoints: fileURLToPath(new URL('../../public/checkpoints', import.meta.url)),
  pytorchSources: fileURLToPath(new URL('../export/pytorch/', import.meta.url)),
});
const BATCHES = [4, 64];

function args(): BenchGpuArgs {
  try {
    return parseBenchGpuArgs(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`error: ${e.message}\n${BENCH_GPU_USAGE}`);
    process.exit(1);
  }
}

const { quick, size, help } = args();
if (help) {
  console.log(BENCH_GPU_USAGE);
  process.exit(0);
}
/**
 * Steps, time budgets and caps: quick mode fits a CPU Vulkan driver on a small machine. The default seed runs
 * whole, or cut down (seedCut) in quick mode, and is cancelled a minute before the cap so that it still reports.
 */
const LIMITS = quick
  ? { steps: 3, budgetS: 20, capS: 150, cudaSteps: 5, cpuSteps: 2, sweepBatch: 4, sweep: QUICK_SWEEP, rollouts: 1, seedCut: { steps: 1, evalProblems: 20 }, exportCpuSteps: 2 }
  : { steps: 5, budgetS: 60, capS: 300, cudaSteps: 20, cpuSteps: 3, sweepBatch: 64, sweep: SWEEP, rollouts: 3, seedCut: null, exportCpuSteps: 20 };
const SEED_MAX_S = LIMITS.capS - 60;
const EXPORT_CUDA_STEPS = 20;

const started = performance.now();
const progress = (message: string) => console.error(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

/** Runs a command under the cap: its output, wall seconds, the cap's note if it ran over, and what to say if it failed. */
function runCapped(command: string, argv: string[], cwd?: string) {
  const t = performance.now();
  const run = spawnSync(command, argv, { cwd, encoding: 'utf8', timeout: LIMITS.capS * 1000, maxBuffer: 1 << 24 });
  const over = run.error && (run.error as NodeJS.ErrnoException).code === 'ETIMEDOUT' ? `over ${LIMITS.capS} s` : undefined;
  const why = (run.stderr ?? '').trim().split('\n').at(-1) || run.error?.message || `exit ${run.status}`;
  return { run, over, failure: `failed: ${why}`, seconds: (performance.now() - t) / 1000 };
}

/** Runs a command under the cap; its last stdout line as JSON, or why there is none. */
type Result<T> = Partial<T> & { error?: string };

function runJson<T>(command: string, argv: string[]): Result<T> {
  const { run, over, failure } = runCapped(command, argv);
  if (over) return { error: over } as Result<T>;
  const last = run.stdout?.trim().split('\n').at(-1);
  try {
    if (last) return JSON.parse(last) as Partial<T>;
  } catch {
    // not JSON: the process failed before its result line
  }
  return { error: failure } as Result<T>;
}

/** The python that imports torch (PATH's python3 first, then Debian's), its torch version and whether it has CUDA. */
function findTorch(): { python: string; version: string; cuda: boolean } | null {
  for (const python of ['python3', '/usr/bin/python3']) {
    const run = spawnSync(python, ['-c', 'import torch; print(torch.__version__, torch.cuda.is_available())'], { encoding: 'utf8' });
    const [version, cuda] = (run.status === 0 ? run.stdout.trim().split('\n').at(-1)! : '').split(' ');
    if (version) return { python, version, cuda: cuda === 'True' };
  }
  return null;
}

const cells: Cells = new Map();
const adapters = new Set<string>();

function measureTfjs(impl: 'webgpu' | 'webgpu-recorded' | 'wasm', s: ModelSize, batches: number[]): void {
  progress(`${impl} ${sizeLabel(s)}, batch ${batches.join(' and ')}`);
  const backend = impl === 'wasm' ? 'wasm' : 'webgpu';
  const flags = ['--backend', backend, ...(impl === 'webgpu-recorded' ? ['--recorded'] : []), ...sizeFlags(s), '--batches', batches.join(','), '--steps', String(LIMITS.steps), '--budget-s', String(LIMITS.budgetS)];
  const r = runJson<MeasureResult>(process.execPath, [...MEASURE, ...flags]);
  if (r.adapter) adapters.add(r.adapter);
  for (const batch of batches) {
    const timed = r.stepMs?.[batch];
    const cell: Cell = timed ? { ms: timed.ms, params: r.params } : { note: short(r.error ?? 'no result') };
    if (backend === 'webgpu' && r.overhead) Object.assign(cell, { dispatches: r.overhead.dispatches, hostMs: r.overhead.hostMs });
    cells.set(cellKey(impl, s, batch), cell);
  }
}

type TorchLine = { params: number; step_ms: number; skipped: string; gpu: string };
const torch = findTorch();
const gpus = new Set<string>();

function measureTorch(impl: 'cuda' | 'cuda-graph' | 'cpu', s: ModelSize, batch: number): void {
  const key = cellKey(impl, s, batch);
  if (!torch) return void cells.set(key, { note: 'no PyTorch' });
  if (impl !== 'cpu' && !torch.cuda) return void cells.set(key, { note: 'no CUDA' });
  progress(`PyTorch ${impl} ${sizeLabel(s)}, batch ${batch}`);
  const device = impl === 'cpu' ? ['--device', 'cpu'] : ['--device', 'cuda', ...(impl === 'cuda-graph' ? ['--cuda-graph'] : [])];
  const steps = impl === 'cpu' ? LIMITS.cpuSteps : LIMITS.cudaSteps;
  const r = runJson<TorchLine>(torch.python, [REFERENCE, ...sizeFlags(s, '--d-ff'), '--batch', String(batch), '--steps', String(steps), '--threads', '1', ...device]);
  if (r.step_ms === undefined) return void cells.set(key, { note: short(r.skipped ?? r.error ?? 'no result') });
  if (r.gpu) gpus.add(r.gpu);
  cells.set(key, { ms: r.step_ms, params: r.params });
}

/** A table cell's note: one line, short. */
const short = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '/').slice(0, 60);

function measureAll(s: ModelSize, batches: number[]): void {
  const todo = (impl: ImplId) => batches.filter((b) => !cells.has(cellKey(impl, s, b)));
  for (const impl of ['webgpu', 'webgpu-recorded', 'wasm'] as const) if (todo(impl).length > 0) measureTfjs(impl, s, todo(impl));
  for (const impl of ['cuda', 'cuda-graph', 'cpu'] as const) for (const b of todo(impl)) measureTorch(impl, s, b);
}

/** The fused decode against the rollout kernel at each size, a process a size. */
function measureRollouts(sizes: ModelSize[]): [ModelSize, RolloutMeasure][] {
  return sizes.map((s) => {
    progress(`rollout paths ${sizeLabel(s)}, ${LIMITS.sweepBatch} prompts`);
    const flags = [...sizeFlags(s), '--batches', String(LIMITS.sweepBatch), '--steps', String(LIMITS.rollouts)];
    const r = runJson<RolloutMeasure>(process.execPath, [...MEASURE_ROLLOUT, ...flags]);
    if (r.adapter) adapters.add(r.adapter);
    return [s, r.error ? { error: short(r.error) } : r];
  });
}

/** The default seed on webgpu, whole (or cut down), in its own process. */
function measureSeed(): EndToEnd {
  progress(`the default seed end to end on webgpu${LIMITS.seedCut ? `, cut down to ${LIMITS.seedCut.steps} of ${DEFAULT_EXPERIMENT.steps} steps and ${LIMITS.seedCut.evalProblems} evaluation problems` : ''}`);
  const cut = LIMITS.seedCut ? ['--steps', String(LIMITS.seedCut.steps), '--eval-problems', String(LIMITS.seedCut.evalProblems)] : [];
  const r = runJson<EndToEnd & { adapter: string }>(process.execPath, [...MEASURE_SEED, '--checkpoints', FOLDERS.checkpoints, '--max-seconds', String(SEED_MAX_S), ...cut]);
  if (r.adapter) adapters.add(r.adapter);
  return r.error ? { error: short(r.error) } : r;
}

/** train.py of an exported project, seed 1, `steps` on `device`, timed from its start to its result file. */
function runExported(project: string, device: 'cuda' | 'cpu', steps: number): EndToEnd {
  progress(`the exported PyTorch project, ${steps} steps on ${device}`);
  const out = join(project, `results-${device}`);
  const threads = device === 'cpu' ? ['--threads', '1'] : [];
  const r = runCapped(torch!.python, ['train.py', '--device', device, '--steps', String(steps), '--seeds', '1', '--out', out, ...threads], project);
  if (r.over) return { error: r.over };
  if (r.run.status !== 0) return { error: short(r.failure) };
  return { seconds: r.seconds, figures: runFigures(JSON.parse(readFileSync(join(out, 'result-seed1.json'), 'utf8')) as ExperimentResult) };
}

/** The default experiment exported as `npm run export:pytorch` writes it (into a temporary folder), run on CUDA and on the CPU. */
async function measureExported(): Promise<{ cuda: EndToEnd; cpu: EndToEnd }> {
  if (!torch) return { cuda: { error: 'no PyTorch' }, cpu: { error: 'no PyTorch' } };
  const dir = mkdtempSync(join(tmpdir(), 'bench-gpu-export-'));
  try {
    const project = join(dir, 'project');
    await writePytorchProject(DEFAULT_EXPERIMENT, project, { checkpoints: FOLDERS.checkpoints, appVersion: 'bench:gpu', sources: FOLDERS.pytorchSources });
    return { cuda: torch.cuda ? runExported(project, 'cuda', EXPORT_CUDA_STEPS) : { error: 'no CUDA' }, cpu: runExported(project, 'cpu', LIMITS.exportCpuSteps) };
  } catch (err) {
    const error = short(`export failed: ${err instanceof Error ? err.message : String(err)}`);
    return { cuda: { error }, cpu: { error } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

progress(torch ? `PyTorch ${torch.version} (${torch.python}), CUDA ${torch.cuda ? 'available' : 'not available'}` : 'no python3 here imports torch: the PyTorch rows say "no PyTorch"');
measureAll(size, BATCHES);
for (const s of LIMITS.sweep) measureAll(s, [LIMITS.sweepBatch]);
const rolloutSizes = LIMITS.sweep.some((s) => sizeLabel(s) === sizeLabel(size)) ? LIMITS.sweep : [size, ...LIMITS.sweep];
const rollouts = measureRollouts(rolloutSizes);
const seedRun = measureSeed();
const exported = await measureExported();

console.log(`WebGPU adapter: ${[...adapters].join('; ') || 'none'}`);
if (gpus.size > 0) console.log(`CUDA device: ${[...gpus].join('; ')}`);
console.log(`PyTorch: ${torch ? `${torch.version}, CUDA ${torch.cuda ? 'available' : 'not available'}` : 'not installed'}`);
console.log(`Training step: forward, backward and Adam on rows of ${SEQ} tokens (16 prompt, the loss on the rest), the loss read back each step; median ms of up to ${LIMITS.steps} timed steps after a warm-up (PyTorch: the mean of ${LIMITS.cudaSteps} on CUDA, ${LIMITS.cpuSteps} on the CPU). Host JS: the webgpu overhead counters, one step at batch ${BATCHES[0]} (the recorded step's: the whole synchronous step, as it runs in no tfjs kernel).\n`);
console.log(mainTable(cells, size, BATCHES));
console.log('\nAgainst model size (the same step; vocabulary and maximum length as the app\'s model):\n');
console.log(scalingTable(cells, LIMITS.sweep, LIMITS.sweepBatch));
console.log(`\nRollout paths on webgpu (a rollout stage, the prefill included; median of ${LIMITS.rollouts} after a warm-up):\n`);
console.log(rolloutScalingTable(rollouts, LIMITS.sweepBatch, BENCH_SAMPLE_OPTIONS.maxNewTokens));
console.log('\nEnd to end (wall-clock from start to the finished result, seed 1):\n');
const cutNote = LIMITS.seedCut ? `cut down for a CPU Vulkan driver: ${LIMITS.seedCut.steps} of ${DEFAULT_EXPERIMENT.steps} steps, ${LIMITS.seedCut.evalProblems} of ${DEFAULT_EXPERIMENT.eval_problems} evaluation problems` : 'the whole default experiment; target 20 s on a GPU';
const evalNote = `${DEFAULT_EXPERIMENT.eval_problems} evaluation problems at the first and last step`;
console.log(endToEndTable([
  { label: 'default seed, webgpu fused kernels', run: seedRun, note: `${cutNote}; cancelled at ${SEED_MAX_S} s` },
  { label: `exported PyTorch project, ${EXPORT_CUDA_STEPS} steps, CUDA`, run: exported.cuda, note: `train.py --device cuda; ${evalNote}` },
  { label: `exported PyTorch project, ${LIMITS.exportCpuSteps} steps, CPU (1 thread)`, run: exported.cpu, note: `train.py --device cpu --threads 1; ${evalNote}` },
]));
const mismatches = paramMismatches(cells);
if (mismatches.length > 0) console.log(`\nWARNING: tfjs and PyTorch models differ (scripts/bench_reference.py no longer mirrors transformer.ts): ${mismatches.join('; ')}`);
progress('done');
