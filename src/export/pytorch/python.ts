/**
 * The tests' way into the exported Python: Debian's python3 with python3-torch. Locally a
 * machine without torch skips these tests, saying why; under CI (CI set) they run and fail.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Debian's python3-torch is built for the system python, not for a pyenv one on PATH. */
export const PYTHON = '/usr/bin/python3';
export const INSTALL_HINT = 'apt-get install -y python3-torch libopenblas0-pthread';
/**
 * Debian bookworm's torchrun (torch 1.13 on Python 3.11) fails at start with its default
 * --redirects 0 / --tee 0 ("'NoneType' object has no attribute 'get'": 3.11 no longer lists a
 * flag's zero member, so "0" parses to None). Any non-zero value avoids it; 1 keeps every
 * process's stdout on the console (tee'd) and in torchrun's log folder.
 */
export const TORCHRUN_FIX = ['--redirects', '1', '--tee', '1'];

const PROBE = fileURLToPath(new URL('./equivalence_probe.py', import.meta.url));

function hasTorch(): boolean {
  return spawnSync(PYTHON, ['-c', 'import torch'], { stdio: 'ignore' }).status === 0;
}

/** True when the PyTorch tests cannot run here and may be skipped (never under CI); says why once. */
export function skipWithoutTorch(): boolean {
  if (hasTorch()) return false;
  if (process.env.CI) return false;
  console.warn(`PyTorch equivalence tests skipped: ${PYTHON} cannot import torch (${INSTALL_HINT}); under CI they fail instead`);
  return true;
}

/** Runs the probe's `command` on `request`; throws with Python's stderr when it fails. */
export function probe<T>(command: string, request: unknown): T {
  const run = spawnSync(PYTHON, [PROBE, command], { input: JSON.stringify(request), encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`${PYTHON} equivalence_probe.py ${command} failed (status ${run.status}): ${run.stderr || run.error?.message}`);
  return JSON.parse(run.stdout) as T;
}

/** Runs a command to completion on one thread; throws with the end of its stderr when it fails. */
export function runOrThrow(command: string, args: string[], cwd: string): void {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: '1' } });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status}):\n${r.stderr.slice(-3000)}`);
}
