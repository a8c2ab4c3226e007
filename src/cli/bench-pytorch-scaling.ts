/**
 * `npm run bench:pytorch-scaling -- [--steps N] [--processes 1,2]`: time per training step of the
 * exported default experiment with 1 and 2 processes (torchrun, gloo, CPU), and the speed-up.
 * Evaluations are cut to the smallest size (10 problems): they run on rank 0 only and are not
 * part of a training step; the training itself is the default experiment's.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { configFileText } from '../app/export/files';
import { DEFAULT_EXPERIMENT } from '../core/experiment/config';
import { PYTHON, TORCHRUN_FIX } from '../export/pytorch/python';
import { exportPytorch } from './pytorch-export-run';

const PER_STEP = /seed \d+ (\S+): ([\d.]+) s per step/g;

function secondsPerStep(processes: number, steps: number, project: string): Record<string, number> {
  // One thread per process (torchrun's default too), so the processes are the only parallelism.
  const args = ['train.py', '--device', 'cpu', '--threads', '1', '--steps', String(steps), '--out', join(project, `results-${processes}`)];
  const r = processes === 1
    ? spawnSync(PYTHON, args, { cwd: project, encoding: 'utf8' })
    : spawnSync('torchrun', [...TORCHRUN_FIX, `--nproc_per_node=${processes}`, '--master_port=29733', ...args], { cwd: project, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`train.py with ${processes} process(es) failed:\n${r.stderr.slice(-2000)}`);
  return Object.fromEntries([...r.stdout.matchAll(PER_STEP)].map((m) => [m[1]!, Number(m[2])]));
}

const { values } = parseArgs({ options: { steps: { type: 'string', default: '20' }, processes: { type: 'string', default: '1,2' } }, strict: true });
const steps = Number(values.steps);
const counts = values.processes.split(',').map(Number);
if (!Number.isInteger(steps) || steps < 1 || counts.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--steps and --processes take positive integers');
const dir = mkdtempSync(join(tmpdir(), 'agon-scaling-'));
try {
  const configFile = join(dir, 'config.json');
  writeFileSync(configFile, configFileText({ ...DEFAULT_EXPERIMENT, steps, eval_every: steps, eval_problems: 10 }));
  await exportPytorch(['--config', configFile, '--out', join(dir, 'project')]);
  const timings = counts.map((n) => secondsPerStep(n, steps, join(dir, 'project')));
  const arms = Object.keys(timings[0]!);
  const total = (t: Record<string, number>) => arms.reduce((s, a) => s + t[a]!, 0);
  const { problems_per_step: problems, rl } = DEFAULT_EXPERIMENT;
  console.log(`default experiment (math; per arm and step ${problems} problems x ${2 * rl.num_generations} rollouts), ${steps} steps, CPU, 1 thread per process\n`);
  console.log(`| arm | ${counts.map((n) => `${n} process${n > 1 ? 'es' : ''} (s/step)`).join(' | ')} | speed-up |`);
  console.log(`| --- | ${counts.map(() => '---').join(' | ')} | --- |`);
  for (const [name, pick] of [...arms.map((a) => [a, (t: Record<string, number>) => t[a]!] as const), ['all arms', total] as const]) {
    const row = timings.map(pick);
    console.log(`| ${name} | ${row.map((x) => x.toFixed(3)).join(' | ')} | ${(row[0]! / row.at(-1)!).toFixed(2)}x |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
