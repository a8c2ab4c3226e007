/**
 * The built app for the engine suites: `vite build` once into a test folder (again only when a
 * source file is newer than the build, so the Firefox and WebKit suites share one), served from
 * a sub-path by scripts/serve-static.mjs with the COOP/COEP headers, as a static host would.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const DIST = '.test-output/engines-dist';
const BASE = '/agon-engines/';
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'build', 'package-lock.json'];

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

/** Builds the app unless the build is newer than every source; returns how long it took (0 when reused). */
export function buildApp(): number {
  const stamp = join(DIST, 'index.html');
  if (existsSync(stamp) && statSync(stamp).mtimeMs > Math.max(...SOURCES.filter(existsSync).map(newest))) return 0;
  const started = Date.now();
  execFileSync('npx', ['vite', 'build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'error'], { stdio: 'inherit' });
  return Date.now() - started;
}

export interface Served {
  url: string;
  close(): void;
}

/** Serves `dir` under BASE on `port`; resolves once it answers. */
export async function serve(dir: string, port: number): Promise<Served> {
  const server: ChildProcess = spawn(process.execPath, ['scripts/serve-static.mjs', '--dir', dir, '--base', BASE, '--port', String(port)], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}${BASE}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      return { url, close: () => server.kill() };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  server.kill();
  throw new Error(`the static server on port ${port} did not answer`);
}
