import { expect, test } from '@playwright/test';
import { pageIsolated, trainingWorkerIsolated, wasmThreads } from './isolation';
import { configureMicro, openPlayground } from './playground';

// Project `subpath-sw`: the built app from /agon-sub/ on a static server that sends no
// COOP/COEP headers, as GitHub Pages. public/isolation-sw.js adds them after one reload.

test('the service worker makes the page isolated after one reload, and wasm runs on the threads asked for', async ({ page, baseURL }, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('./?backends=wasm&threads=2');
  // The first load is not isolated; the service worker registers and the page reloads itself.
  await expect.poll(() => loads, { timeout: 60_000 }).toBe(2);
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('backend-name')).toHaveText('wasm');
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(new URL('isolation-sw.js', baseURL).href);
  expect(await pageIsolated(page)).toBe(true);
  expect(await trainingWorkerIsolated(page)).toBe(true);

  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const { threads, isolated } = await wasmThreads(page);
  testInfo.annotations.push({ type: 'wasm threads', description: `${threads} (hardwareConcurrency ${cores})` });
  expect(isolated).toBe(true);
  expect(threads).toBe(2);

  // Everything still loads through the worker: the checkpoints of a run.
  await configureMicro(page, ['zero-shot']);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('base-pair')).toContainText('.ckpt', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('progress')).not.toHaveAttribute('data-status', /loading|running|paused/, { timeout: 120_000 });

  // No further reloads, and a later visit is isolated from its first load.
  expect(loads).toBe(2);
  await page.reload();
  expect(await pageIsolated(page)).toBe(true);
  expect(loads).toBe(3);
  expect(errors).toEqual([]);
});

test.describe('without service workers', () => {
  test.use({ serviceWorkers: 'block' });

  test('the header says wasm runs on one thread, and why', async ({ page }) => {
    let loads = 0;
    page.on('load', () => loads++);
    await openPlayground(page, '?backends=wasm');
    expect(await pageIsolated(page)).toBe(false);
    expect(await trainingWorkerIsolated(page)).toBe(false);
    const { threads, isolated, text } = await wasmThreads(page);
    expect({ threads, isolated }).toEqual({ threads: 1, isolated: false });
    expect(text).toContain('1 thread: not cross-origin isolated');
    await page.waitForTimeout(2_000);
    expect(loads).toBe(1);
  });
});
