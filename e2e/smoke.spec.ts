import { expect, test } from '@playwright/test';

test('selects the WebGPU backend and shows the adapter', async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));

  await page.goto('./');
  await expect(page.getByRole('heading', { name: 'Agon Playground' })).toBeVisible();
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-state', 'ready');

  await expect(page.getByTestId('backend-name')).toHaveText('webgpu');
  const adapter = (await page.getByTestId('gpu-adapter').textContent())?.trim() ?? '';
  expect(adapter).not.toBe('');
  expect(adapter).not.toBe('none');
  testInfo.annotations.push({ type: 'gpu-adapter', description: adapter });
  await expect(page.getByTestId('backend-notice')).toHaveCount(0);

  await page.screenshot({ path: testInfo.outputPath('app.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('loads the wasm backend binaries relative to the page', async ({ page }) => {
  const wasmResponses: number[] = [];
  page.on('response', (res) => {
    if (res.url().includes('.wasm')) wasmResponses.push(res.status());
  });

  await page.goto('./?backends=wasm');
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('backend-name')).toHaveText('wasm');
  await expect(page.getByTestId('backend-notice')).toContainText('WebGPU was not requested');
  expect(wasmResponses.length).toBeGreaterThan(0);
  expect(wasmResponses.every((s) => s === 200)).toBe(true);
});
