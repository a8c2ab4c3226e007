/**
 * The statistical agreement check: the default experiment (preset agon-vs-grpo) on seeds 1,2,3,
 * run by the playground's CLI (tfjs wasm) and by the exported train.py (PyTorch, CPU) at the
 * same time, compared per method on pooled pass@1 at the end. Used by
 * `npm run check:pytorch-agreement` and by its test.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { configFileText } from '../app/export/files';
import { PRESETS } from '../core/experiment/presets';
import type { ExperimentResult } from '../core/experiment/result';
import { parseExperimentResultJson } from '../core/experiment/result-schema';
import { withSeeds } from '../core/experiment/seeds';
import { PYTHON } from '../export/pytorch/python';
import { exportPytorch } from './pytorch-export-run';
import { agreementRows, type AgreementRow } from './pytorch-agreement-table';

export const AGREEMENT_SEEDS = [1, 2, 3];

export interface AgreementRun {
  rows: AgreementRow[];
  playground: ExperimentResult[];
  pytorch: ExperimentResult[];
}

/** Runs a command with its output in a log file; rejects, naming the log, when it exits non-zero. */
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
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited ${code}; see ${log}`))));
  });
}

/** The three seeds' results in dir, or null while one is missing. */
function results(dir: string): ExperimentResult[] | null {
  const paths = AGREEMENT_SEEDS.map((s) => join(dir, `result-seed${s}.json`));
  if (!paths.every(existsSync)) return null;
  return paths.map((p) => {
    const parsed = parseExperimentResultJson(readFileSync(p, 'utf8'));
    if (!parsed.ok) throw new Error(`${p}: ${parsed.message}`);
    return parsed.result;
  });
}

/**
 * Both sides into `out` (a side whose results are already there is not rerun). The playground
 * runs two arms at once and train.py one thread, so the two sides share two cores.
 */
export async function runAgreement(outDir: string, steps: number): Promise<AgreementRun> {
  const out = resolve(outDir);
  mkdirSync(out, { recursive: true });
  const preset = PRESETS['agon-vs-grpo'];
  const config = withSeeds({ ...preset, steps, eval_every: Math.min(preset.eval_every, steps) }, AGREEMENT_SEEDS);
  const configFile = join(out, 'config.json');
  writeFileSync(configFile, configFileText(config));
  const playgroundDir = join(out, 'playground');
  const pytorchDir = join(out, 'pytorch');
  const sides: Promise<void>[] = [];
  if (!results(playgroundDir)) {
    const cli = ['tsx', 'src/cli/experiment.ts', '--config', configFile, '--out', playgroundDir, '--jobs', '2'];
    sides.push(run('npx', cli, process.cwd(), join(out, 'playground.log')));
  }
  if (!results(join(pytorchDir, 'results'))) {
    await exportPytorch(['--config', configFile, '--out', pytorchDir, '--force']);
    sides.push(run(PYTHON, ['train.py', '--device', 'cpu', '--threads', '1'], pytorchDir, join(out, 'pytorch.log')));
  }
  await Promise.all(sides);
  const playground = results(playgroundDir)!;
  const pytorch = results(join(pytorchDir, 'results'))!;
  return { rows: agreementRows(playground, pytorch), playground, pytorch };
}
