import { expect, test } from '@playwright/test';
import { pageIsolated, trainingWorkerIsolated, wasmThreads } from './isolation';
import { openPlayground } from './playground';

// Against the dev server (project `dev`) and the built app from a static server: both
// send COOP/COEP, so the page is cross-origin isolated and wasm loads its threaded binary.
// The service-worker fallback is a static host's matter: the build's only (@built-app).

test("the page and its training worker are cross-origin isolated; wasm takes tfjs's thread count, or ?threads=N", async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const wasmFiles: string[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('.wasm')) wasmFiles.push(res.url().split('/').pop() ?? '');
  });
  await openPlayground(page, '?backends=wasm');
  await expect(page.getByTestId('backend-name')).toHaveText('wasm');
  expect(await pageIsolated(page)).toBe(true);
  expect(await trainingWorkerIsolated(page)).toBe(true);
  // With the headers already there, the service-worker fallback stays out of the way.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const byDefault = await wasmThreads(page);
  testInfo.annotations.push({ type: 'wasm threads', description: `${byDefault.threads} (hardwareConcurrency ${cores}); ${wasmFiles.join(', ')}` });
  expect(byDefault.isolated).toBe(true);
  // tfjs's own choice: half the logical cores, 1 to 8.
  expect(byDefault.threads).toBe(Math.min(8, Math.max(1, Math.floor(cores / 2))));
  // Only the threaded binary is fetched, once.
  expect(wasmFiles).toHaveLength(1);
  expect(wasmFiles[0]).toMatch(/^tfjs-backend-wasm-threaded-simd/);

  // A page setting asks for more.
  await openPlayground(page, '?backends=wasm&threads=2');
  const asked = await wasmThreads(page);
  expect(asked).toEqual({ threads: 2, isolated: true, text: ' · 2 threads' });
  expect(errors).toEqual([]);
});

test('a page served with the headers and through the isolation service worker stays isolated, without reloads', { tag: '@built-app' }, async ({ page, baseURL }) => {
  await openPlayground(page, '?backends=wasm');
  // As on a host that once lacked the headers: the worker is registered, and the next load goes through it.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register(new URL('isolation-sw.js', document.baseURI).href);
    await navigator.serviceWorker.ready;
  });
  let loads = 0;
  page.on('load', () => loads++);
  await page.reload();
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-state', 'ready');
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(new URL('isolation-sw.js', baseURL).href);
  expect(await pageIsolated(page)).toBe(true);
  expect(await trainingWorkerIsolated(page)).toBe(true);
  expect((await wasmThreads(page)).isolated).toBe(true);
  await page.waitForTimeout(2_000);
  expect(loads).toBe(1);
});
