/**
 * `npm run bench:ready`: how long the built app takes from the page being asked for to being ready
 * to start (a backend in the training worker), and to the end of the backend search, in Chromium,
 * Firefox and WebKit, with no URL flags. Each start is a fresh browser context. The times are the
 * page's own performance marks (app/worker/client.ts), so polling adds nothing to them.
 *
 *   npm run bench:ready -- [--engines chromium,firefox,webkit] [--starts 10] [--query '?probe']
 */
import { parseArgs } from 'node:util';
import { buildApp, BUILT_APP } from '../../e2e/built-app';
import { serve } from '../app';
import type { BrowserDriver } from '../driver';
import { launchChromium } from '../chromium';
import { launchFirefox } from '../firefox';
import { launchWebKit } from '../webkit';
import { openApp } from '../newcomer';
import { waitForAttr } from '../page-helpers';
import { readyTable, type EngineStarts } from './table';

const LAUNCH: Record<string, () => Promise<BrowserDriver>> = { chromium: launchChromium, firefox: launchFirefox, webkit: launchWebKit };
const USAGE = 'usage: npm run bench:ready -- [--engines chromium,firefox,webkit] [--starts N] [--query ?flags]';

function options() {
  const { values } = parseArgs({ options: { engines: { type: 'string', default: 'chromium,firefox,webkit' }, starts: { type: 'string', default: '10' }, query: { type: 'string', default: '' }, help: { type: 'boolean', default: false } } });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const engines = values.engines.split(',').map((e) => e.trim());
  const unknown = engines.filter((e) => !LAUNCH[e]);
  const starts = Number(values.starts);
  if (unknown.length > 0 || !Number.isInteger(starts) || starts < 1) {
    console.error(`error: ${unknown.length > 0 ? `unknown engine ${unknown.join(', ')}` : `--starts must be a whole number of 1 or more, not ${values.starts}`}\n${USAGE}`);
    process.exit(2);
  }
  return { engines, starts, query: values.query };
}

const MARKS = `() => ['agon-backend-ready', 'agon-backend-settled'].map((n) => performance.getEntriesByName(n)[0]?.startTime ?? null)`;

async function measure(launch: () => Promise<BrowserDriver>, url: string, starts: number): Promise<EngineStarts> {
  const browser = await launch();
  const ready: number[] = [];
  const settled: number[] = [];
  try {
    for (let i = 0; i < starts; i++) {
      const page = await browser.newPage();
      try {
        await openApp(page, url, 120_000);
        await waitForAttr(page, 'status-bar', 'data-search', /^(none|adopted|failed|found)$/, 120_000);
        const [r, s] = await page.call<(number | null)[]>(MARKS);
        if (r !== null && r !== undefined) ready.push(r);
        if (s !== null && s !== undefined) settled.push(s);
        process.stderr.write(`${browser.engine} start ${i + 1}: ready ${((r ?? NaN) / 1000).toFixed(2)} s, search over ${((s ?? NaN) / 1000).toFixed(2)} s\n`);
      } finally {
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
  return { engine: browser.engine, ready, settled };
}

const { engines, starts, query } = options();
buildApp();
const served = await serve(BUILT_APP, 5393);
const rows: EngineStarts[] = [];
try {
  for (const engine of engines) rows.push(await measure(LAUNCH[engine]!, `${served.url}${query}`, starts));
} finally {
  served.close();
}
console.log(readyTable(rows, query));
