import { expect, test } from '@playwright/test';
import { configureMicro, openPlayground } from './playground';

// The built app served from /agon-sub/ by a bare static server (as every app spec is, see
// playwright.config.ts): every file the page, its worker and the wasm backend ask for must
// resolve relative to the page, or it would 404 there.
test('the page, its worker, the wasm binaries and the checkpoints all load relative to the page', async ({ page, baseURL }) => {
  const root = new URL('./', baseURL).href;
  const outside: string[] = [];
  const failed: string[] = [];
  const checkpoints: string[] = [];
  page.on('response', (res) => {
    const url = res.url();
    if (!url.startsWith('http')) return;
    if (!url.startsWith(root)) outside.push(url);
    if (res.status() >= 400) failed.push(`${res.status()} ${url}`);
    if (/checkpoints\/(manifest\.json|[^/]+\.ckpt)$/.test(url)) checkpoints.push(url);
  });
  await openPlayground(page, '?backends=wasm');
  await expect(page.getByTestId('backend-name')).toHaveText('wasm');
  await configureMicro(page, ['zero-shot']);
  await page.getByRole('button', { name: 'Start' }).click();
  // The worker fetches the manifest and both checkpoints, checks them and reports the pair.
  await expect.poll(() => checkpoints.length, { timeout: 120_000 }).toBeGreaterThanOrEqual(3);
  // A zero-shot micro run is one small evaluation: let it finish (a Stop could come after it).
  await expect(page.getByTestId('progress')).toHaveAttribute('data-status', 'complete', { timeout: 120_000 });
  expect(failed).toEqual([]);
  expect(outside).toEqual([]);
});
