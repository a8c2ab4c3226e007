#!/usr/bin/env node
// Runs the Playwright browser tests (`npm run test:e2e`), after making sure a Chromium
// exists. Extra arguments go to `playwright test`, e.g.
//   node scripts/run-e2e.mjs --project=webgpu e2e/smoke.spec.ts
// Browser search order: $CHROMIUM_PATH, /usr/bin/chromium, chromium / chromium-browser
// on PATH, Playwright's own download. The one found is passed on as CHROMIUM_PATH
// (playwright.config.ts reads it).
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

async function playwrightsOwnChromium() {
  try {
    const { chromium } = await import('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** @returns {Promise<{ path?: string, source: string } | { error: string }>} */
async function findBrowser() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    return isExecutable(fromEnv)
      ? { path: fromEnv, source: 'CHROMIUM_PATH' }
      : { error: `CHROMIUM_PATH is set to "${fromEnv}", but no executable is there.` };
  }
  if (isExecutable('/usr/bin/chromium')) return { path: '/usr/bin/chromium', source: 'Debian chromium' };
  for (const name of ['chromium', 'chromium-browser']) {
    const path = onPath(name);
    if (path) return { path, source: `${name} on PATH` };
  }
  if (await playwrightsOwnChromium()) return { source: "Playwright's own Chromium" };
  return { error: 'No Chromium browser found.' };
}

const found = await findBrowser();
if ('error' in found) {
  console.error(`run-e2e: ${found.error}
The browser tests need Chromium. Looked for: $CHROMIUM_PATH, /usr/bin/chromium,
chromium or chromium-browser on PATH, and Playwright's own browser download.
Install one of:
  Debian/Ubuntu (as root):  apt-get update && apt-get install -y chromium
  elsewhere (with internet): npx playwright install chromium
or point CHROMIUM_PATH at a Chromium/Chrome executable.`);
  process.exit(1);
}

console.log(`run-e2e: browser: ${found.path ?? found.source} (${found.source})`);
const env = { ...process.env };
if (found.path) env.CHROMIUM_PATH = found.path;

const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
child.on('error', (err) => {
  console.error(`run-e2e: could not start Playwright: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
