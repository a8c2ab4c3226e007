/**
 * The app as `vite build` makes it (base './', so it serves from any path), built into a test
 * folder, and built again only when a source is newer than the build: the Chromium, Firefox and
 * WebKit suites all serve this one build, from sub-paths of their own.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const BUILT_APP = '.test-output/built-app';
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'build', 'package-lock.json'];

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

/** Builds the app unless the build is newer than every source; returns how long it took (0 when reused). */
export function buildApp(): number {
  const stamp = join(BUILT_APP, 'index.html');
  if (existsSync(stamp) && statSync(stamp).mtimeMs > Math.max(...SOURCES.filter(existsSync).map(newest))) return 0;
  const started = Date.now();
  execFileSync('npx', ['vite', 'build', '--outDir', BUILT_APP, '--emptyOutDir', '--logLevel', 'error'], { stdio: 'inherit' });
  return Date.now() - started;
}
