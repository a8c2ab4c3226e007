import { expect, test } from '@playwright/test';
import { backendSettled, ON_WEBGPU } from './playground';

// These projects launch Chromium with WebGPU on SwiftShader, a CPU emulation and the only adapter here.
test('without ?backends, passes the software WebGPU adapter over for wasm and says why', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto('./');
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('backend-name')).toHaveText('wasm');
  await backendSettled(page);
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-search', 'adopted');
  // The adapter that was passed over is still shown.
  await expect(page.getByTestId('gpu-adapter')).toHaveText(/swiftshader/i);
  const notice = page.getByTestId('backend-notice');
  await expect(notice).toHaveAttribute('data-kind', 'software');
  await expect(notice).toContainText('WebGPU skipped: only a software adapter (SwiftShader), slower than wasm here; ?backends=webgpu forces it.');
  // WebGL is SwiftShader too in this browser (ANGLE on SwiftShader's Vulkan): passed over the same way.
  await expect(notice).toContainText('WebGL skipped: a software renderer (SwiftShader), slower than wasm here; ?backends=webgl forces it.');
  expect(errors).toEqual([]);
});

test('?backends=webgpu still selects WebGPU on that adapter and shows it', { tag: '@built-app' }, async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));

  await page.goto(`./${ON_WEBGPU}`);
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

test('loads the wasm backend binaries relative to the page', { tag: '@built-app' }, async ({ page }) => {
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
