#!/usr/bin/env node
// Browser benchmark (`npm run bench:browser -- [--backends webgpu,webgl,wasm] [--quick] [--train-batch N] [--threads N] [--gpu]`):
// starts the Vite dev server on 127.0.0.1, opens bench.html in headless Chromium with
// WebGPU on SwiftShader (the e2e flags, see playwright.config.ts) and prints the page's
// report: the `npm run bench` table per backend plus main-thread input latency, measured
// by clicking the page while it runs (each click 100 ms after the previous one was handled,
// so a long-blocked main thread yields few, large samples). Progress goes to stderr.
// Browser: $CHROMIUM_PATH, else /usr/bin/chromium, else Playwright's own download.
// SwiftShader WebGPU is a CPU emulation: compare backends only within one run.
// --gpu: the machine's real adapter instead of SwiftShader (Chromium's Vulkan flags for Linux,
// GPU blocklist ignored); the report's "WebGPU adapter" line says which adapter was used.
// Not tried on a real GPU yet: this project's machines have none.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { createServer } from 'vite';

const CLICK_INTERVAL_MS = 100;
const TIMEOUT_MS = 60 * 60_000;

const argv = process.argv.slice(2);
const i = argv.indexOf('--backends');
const backends = i >= 0 && argv[i + 1] ? argv[i + 1] : 'webgpu,webgl,wasm';
const quick = argv.includes('--quick');
// wasm threads: as the app picks them (one per core, when cross-origin isolated), or --threads N.
const t = argv.indexOf('--threads');
const threads = t >= 0 ? argv[t + 1] : undefined;

const gpu = argv.includes('--gpu');
// --train-batch N: the batch of the main training-step column (default 64; 16 with --quick).
const b = argv.indexOf('--train-batch');
const trainBatch = b >= 0 ? argv[b + 1] : undefined;

const executablePath =
  process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const adapterFlags = gpu
  ? ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=native', '--use-angle=vulkan', '--ignore-gpu-blocklist', '--disable-vulkan-surface']
  : ['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader'];
const args = [
  ...adapterFlags,
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const server = await createServer({
  root: fileURLToPath(new URL('..', import.meta.url)),
  server: { host: '127.0.0.1', port: 0, hmr: false },
  logLevel: 'warn',
  clearScreen: false,
});
let browser;
try {
  await server.listen();
  const url = new URL('bench.html', server.resolvedUrls.local[0]);
  url.search = new URLSearchParams({ backends, ...(quick ? { quick: '1' } : {}), ...(trainBatch ? { trainBatch } : {}), ...(threads ? { threads } : {}) }).toString();

  browser = await chromium.launch({ executablePath, args, headless: true });
  console.error(`bench-browser: Chromium ${browser.version()}, ${url}`);
  const page = await browser.newPage();
  page.on('console', (msg) => {
    if (!msg.text().startsWith('[vite]')) console.error(`[page] ${msg.text()}`);
  });
  page.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
  await page.goto(url.href);

  let running = true;
  const clicking = (async () => {
    while (running) {
      await page.mouse.click(5, 5);
      await new Promise((resolve) => setTimeout(resolve, CLICK_INTERVAL_MS));
    }
  })().catch((err) => console.error(`bench-browser: clicks stopped: ${err.message}`));
  try {
    await page.waitForFunction(() => globalThis.__bench?.done, null, { polling: 1000, timeout: TIMEOUT_MS });
  } finally {
    running = false;
    await clicking;
  }
  const { error, report } = await page.evaluate(() => globalThis.__bench);
  if (error) throw new Error(`benchmark page failed: ${error}`);
  console.log(`Chromium ${browser.version()} (headless${quick ? ', quick' : ''}${trainBatch ? `, train batch ${trainBatch}` : ''}${gpu ? ', --gpu' : ''})\n${report}`);
} catch (err) {
  console.error(`bench-browser: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await server.close();
}
