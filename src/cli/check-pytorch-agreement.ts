/**
 * `npm run check:pytorch-agreement -- --out DIR`: the default experiment (preset agon-vs-grpo) on
 * seeds 1,2,3, run by the playground's CLI (tfjs) and by the exported train.py (PyTorch, CPU),
 * side by side; prints per method the pooled pass@1 at the end with 95% intervals and whether
 * they overlap, and exits 1 when one does not. A side whose results are already in DIR is not
 * rerun. --steps N shortens both runs (a quicker, weaker check).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { configFileText } from '../app/export/files';
import { PRESETS } from '../core/experiment/presets';
import type { ExperimentResult } from '../core/experiment/result';
import { parseExperimentResultJson } from '../core/experiment/result-schema';
import { withSeeds } from '../core/experiment/seeds';
import { PYTHON } from '../export/pytorch/python';
import { exportPytorch } from './pytorch-export-run';
import { agreementRows, agreementTable } from './pytorch-agreement-table';

const SEEDS = [1, 2, 3];

function run(command: string, args: string[], cwd: string, log: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    const keep = (b: Buffer) => {
      lines.push(b.toString());
      writeFileSync(log, lines.join(''));
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited ${code}; see ${log}`))));
  });
}

function results(dir: string): ExperimentResult[] | null {
  const paths = SEEDS.map((s) => join(dir, `result-seed${s}.json`));
  if (!paths.every(existsSync)) return null;
  return paths.map((p) => {
    const parsed = parseExperimentResultJson(readFileSync(p, 'utf8'));
    if (!parsed.ok) throw new Error(`${p}: ${parsed.message}`);
    return parsed.result;
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, steps: { type: 'string' } }, strict: true });
  if (!values.out) throw new Error('--out DIR is required');
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  const steps = values.steps ? Number(values.steps) : PRESETS['agon-vs-grpo'].steps;
  if (!Number.isInteger(steps) || steps < 1) throw new Error(`--steps must be a positive integer, got "${values.steps}"`);
  const preset = PRESETS['agon-vs-grpo'];
  const config = withSeeds({ ...preset, steps, eval_every: Math.min(preset.eval_every, steps) }, SEEDS);
  const configFile = join(out, 'config.json');
  writeFileSync(configFile, configFileText(config));
  const playgroundDir = join(out, 'playground');
  const pytorchDir = join(out, 'pytorch');
  const sides: Promise<void>[] = [];
  if (!results(playgroundDir)) sides.push(run('npx', ['tsx', 'src/cli/experiment.ts', '--config', configFile, '--out', playgroundDir, '--jobs', '1'], process.cwd(), join(out, 'playground.log')));
  if (!results(join(pytorchDir, 'results'))) {
    await exportPytorch(['--config', configFile, '--out', pytorchDir, '--force']);
    sides.push(run(PYTHON, ['train.py', '--device', 'cpu'], pytorchDir, join(out, 'pytorch.log')));
  }
  await Promise.all(sides);
  const rows = agreementRows(results(playgroundDir)!, results(join(pytorchDir, 'results'))!);
  console.log(`default experiment, seeds ${SEEDS.join(',')}, ${steps} steps: pooled test-hard pass@1 at the end\n`);
  console.log(agreementTable(rows));
  if (rows.some((r) => !r.overlap)) process.exitCode = 1;
}

await main();
