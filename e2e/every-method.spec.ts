import { expect, test } from '@playwright/test';
import { METHODS } from '../src/core/experiment/methods';
import { configureMicro, openPlayground } from './playground';

// Every row of the paper's table, run to the end in the browser. On wasm: the same
// worker and runner as on WebGPU, but SwiftShader would take far too long for ten methods.
test('micro run with every method: each gets pass@1 points and a table row', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await openPlayground(page, '?backends=wasm');
  await expect(page.getByTestId('backend-name')).toHaveText('wasm');
  await configureMicro(page, [...METHODS], { steps: '1', 'eval every': '1' });

  await page.getByRole('button', { name: 'Start' }).click();
  const progress = page.getByTestId('progress');
  await expect(progress).toHaveAttribute('data-status', 'complete', { timeout: 540_000 });

  const chart = page.getByTestId('chart-pass-at-1');
  const keys = ((await chart.getAttribute('data-keys')) ?? '').split(',');
  expect([...keys].sort()).toEqual([...METHODS].sort());
  const table = page.getByTestId('results-table');
  for (const m of METHODS) await expect(table.locator(`tr[data-method="${m}"]`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('every-method.png'), fullPage: true });
  expect(errors).toEqual([]);
});
