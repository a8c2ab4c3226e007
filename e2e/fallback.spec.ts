import { expect, test } from '@playwright/test';
import { backendSettled } from './playground';

// Runs in the 'no-webgpu' project: Chromium without --enable-unsafe-webgpu.
test('falls back from WebGPU and says why', async ({ page }, testInfo) => {
  await page.goto('./');
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-state', 'ready');
  await backendSettled(page);

  const name = (await page.getByTestId('backend-name').textContent())?.trim();
  expect(['webgl', 'wasm', 'cpu']).toContain(name);

  const notice = page.getByTestId('backend-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/webgpu: \S+/);
  testInfo.annotations.push({ type: 'fallback', description: (await notice.textContent()) ?? '' });
  await page.screenshot({ path: testInfo.outputPath('fallback.png'), fullPage: true });
});
