import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { BUILT_APP } from './e2e/built-app';
import { SUBPATH_BASE } from './e2e/subpath';

// Browser: $CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own download.
// (scripts/run-e2e.mjs looks in a few more places and passes what it found as CHROMIUM_PATH.)
const executablePath =
  process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

// WebGPU must be served from a secure context: http://127.0.0.1 qualifies.
const port = Number(process.env.E2E_PORT || 5183);
const baseURL = `http://127.0.0.1:${port}`;
// The built app, served from a sub-path by a bare static server (as on GitHub Pages).
const subpathPort = Number(process.env.E2E_SUBPATH_PORT || port + 1);
const subpathURL = `http://127.0.0.1:${subpathPort}${SUBPATH_BASE}`;
// The same build from a server without the COOP/COEP headers (as GitHub Pages): the service-worker fallback.
const bareSubpathPort = Number(process.env.E2E_BARE_SUBPATH_PORT || subpathPort + 1);
const bareSubpathURL = `http://127.0.0.1:${bareSubpathPort}${SUBPATH_BASE}`;

// Keep Chromium off the (closed) network.
const quietFlags = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// WebGPU through SwiftShader (a CPU Vulkan), works without a GPU. See shared/BROWSER.md.
const webgpuFlags = ['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader'];

const launch = (args: string[]) => ({
  headless: true,
  launchOptions: { executablePath, args },
});

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Two tests at a time, from any file (every test opens its own page): wasm trains on one thread
  // on a 2-core machine (tfjs takes half the cores), so one worker leaves a core idle through most
  // tests. E2E_WORKERS=1 runs them in turn.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS) || 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Caps that catch a hang, not bounds on speed. SwiftShader WebGPU is slow (shader compiles take
  // seconds), two tests share 2 cores, and a competing load slows a test several-fold (one that
  // loops over a dozen page loads took 52 s alone and over 120 s beside other jobs).
  timeout: 600_000,
  expect: { timeout: 180_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT || '.test-output/e2e.json' }]],
  // Recording a trace for every test cost a third of the browser tests' CPU (DOM snapshots at every
  // step), so traces are recorded only when asked: E2E_TRACE=1 keeps one for each failed test.
  use: { baseURL, trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off', screenshot: 'only-on-failure' },
  projects: [
    // `vite build` (e2e/subpath.setup.ts): the app as it is deployed, served from a sub-path by a bare
    // static server (as on GitHub Pages), so links, checkpoints, worker and wasm must all resolve
    // relative to the page. Every app spec runs against it: a page of the build loads in about half the
    // time of the dev server's unbundled modules, and most specs load many pages.
    { name: 'subpath-build', testMatch: /subpath\.setup\.ts$/ },
    {
      // The dev server (`npm run dev`, the README's first command): a first page with no flags and
      // cross-origin isolation (the tests tagged @built-app run on the build alone), and the kernel
      // test pages (e2e/pages), which only the dev server serves. First, so that the fused-kernel
      // checks (one page, in turn: the longest chain of this stage) start at once.
      name: 'dev',
      // Not needed, but a project without dependencies runs in a phase of its own before the others.
      dependencies: ['subpath-build'],
      testMatch: /(smoke|isolation|fused-kernels|wasm-decode)\.spec\.ts$/,
      grepInvert: /@built-app/,
      use: launch([...webgpuFlags, ...quietFlags]),
    },
    {
      name: 'webgpu',
      dependencies: ['subpath-build'],
      testIgnore: /(fallback|isolation-sw|fused-kernels|wasm-decode|classroom)\.spec\.ts$/,
      use: { ...launch([...webgpuFlags, ...quietFlags]), baseURL: subpathURL },
    },
    {
      // The whole classroom preset: minutes of wasm training on one thread. `npm test` runs it apart
      // (E2E_CLASSROOM_APART), beside the Firefox and WebKit suites, which leave a core mostly idle.
      name: 'classroom',
      dependencies: ['subpath-build'],
      testMatch: /classroom\.spec\.ts$/,
      use: { ...launch([...webgpuFlags, ...quietFlags]), baseURL: subpathURL },
    },
    {
      // Same browser without the WebGPU flags: exercises the fallback path.
      name: 'no-webgpu',
      dependencies: ['subpath-build'],
      testMatch: /fallback\.spec\.ts$/,
      use: { ...launch(quietFlags), baseURL: subpathURL },
    },
    {
      // That build from a host without the isolation headers: the service worker must make up for them.
      name: 'subpath-sw',
      dependencies: ['subpath-build'],
      testMatch: /isolation-sw\.spec\.ts$/,
      use: { ...launch(quietFlags), baseURL: bareSubpathURL },
    },
  ].filter((project) => !(process.env.E2E_CLASSROOM_APART && project.name === 'classroom')),
  webServer: [
    {
      command: `npx vite --host 127.0.0.1 --port ${port} --strictPort`,
      url: baseURL,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Starts before the build exists (the build is a test), so readiness is the open port, not a page.
      command: `node scripts/serve-static.mjs --dir ${BUILT_APP} --base ${SUBPATH_BASE} --port ${subpathPort}`,
      port: subpathPort,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node scripts/serve-static.mjs --dir ${BUILT_APP} --base ${SUBPATH_BASE} --port ${bareSubpathPort} --no-isolation-headers`,
      port: bareSubpathPort,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
