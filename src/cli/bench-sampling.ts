/**
 * npm run bench:sampling -- --against REF [--rounds N] [--runs R]
 * KV-sampling throughput on wasm here against a git commit REF (e.g. a2f9e1b, before the
 * speed work): REF is checked out into a temporary worktree, the same measuring script
 * (sampling-throughput.ts) is copied into it, and the two trees run it alternately, N
 * rounds of R rollouts each, one process at a time, so both see the same machine load.
 * Prints each round's median tokens/s and the ratio; the verdict is the median ratio.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './bench-reference-report';

const USAGE = 'usage: npm run bench:sampling -- --against REF [--rounds N] [--runs R]';
const SCRIPT = 'src/cli/sampling-throughput.ts';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function option(name: string, fallback?: number): string | number | undefined {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const value = process.argv[i + 1];
  if (value === undefined || value.startsWith('--')) fail(`${name} needs a value`);
  if (fallback === undefined) return value;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`${name} must be a whole number of at least 1, got "${value}"`);
  return n;
}

function fail(message: string): never {
  console.error(`error: ${message}\n${USAGE}`);
  process.exit(1);
}

function run(command: string, args: string[], cwd: string): string {
  const out = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${out.stderr.trim().split('\n').slice(-5).join('\n')}`);
  return out.stdout;
}

/** Median tokens/s of one measuring process in `tree`. */
function measure(tree: string, runs: number): number {
  const lines = run('npx', ['tsx', SCRIPT, '--runs', String(runs)], tree).trim().split('\n');
  return median((JSON.parse(lines.at(-1)!) as { tokensPerSec: number[] }).tokensPerSec);
}

const against = option('--against');
if (typeof against !== 'string') fail('--against REF is required');
const rounds = option('--rounds', 3) as number;
const runs = option('--runs', 7) as number;
const commit = spawnSync('git', ['rev-parse', '--verify', `${against}^{commit}`], { cwd: ROOT, encoding: 'utf8' });
if (commit.status !== 0) fail(`"${against}" is not a commit of this repository`);

const tree = mkdtempSync(join(tmpdir(), 'agon-bench-ref-'));
try {
  run('git', ['worktree', 'add', '--detach', tree, commit.stdout.trim()], ROOT);
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  copyFileSync(join(ROOT, SCRIPT), join(tree, SCRIPT));
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(`| round | ${against} (tok/s) | this tree (tok/s) | ratio |\n|---|---:|---:|---:|`);
  const ratios: number[] = [];
  for (let i = 1; i <= rounds; i++) {
    const before = measure(tree, runs);
    const now = measure(ROOT, runs);
    ratios.push(now / before);
    console.log(`| ${i} | ${fmt(before)} | ${fmt(now)} | ${(now / before).toFixed(2)}x |`);
  }
  console.log(`\nmedian ratio over ${rounds} rounds: ${median(ratios).toFixed(2)}x (each round: the median of ${runs} rollouts per tree)`);
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT });
  rmSync(tree, { recursive: true, force: true });
}
