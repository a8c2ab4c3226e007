/**
 * Serves a built app for the engine suites from a sub-path, by scripts/serve-static.mjs with the
 * COOP/COEP headers, as a static host would.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const BASE = '/agon-engines/';

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
