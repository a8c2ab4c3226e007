import { expect, test } from '@playwright/test';

// The classroom preset with no URL flags (wasm on this GPU-less machine):
// the whole run, 60 steps of GRPO and Agon with evaluations every 20, runs to the end. How long it
// takes is annotated, not asserted: CI's 2 shared cores vary too much for a wall-clock bound (it
// took 2-3 minutes here alone, 8 beside other jobs; docs/results.md gives the Node timing).
test('the classroom preset runs to the end on wasm', async ({ page }) => {
  test.setTimeout(900_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('./');
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('backend-name')).toHaveText('wasm');
  await page.getByLabel('Preset').selectOption('classroom');
  await expect(page.getByLabel('Preset').locator('option:checked')).toContainText('wide intervals');
  const started = Date.now();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('progress')).toHaveAttribute('data-status', 'complete', { timeout: 840_000 });
  test.info().annotations.push({ type: 'run took', description: `${((Date.now() - started) / 1000).toFixed(0)} s` });
  // Agon and GRPO at steps 0, 20, 40 and 60, and the two untrained references.
  await expect(page.getByTestId('chart-pass-at-1')).toHaveAttribute('data-points', '10');
  await expect(page.getByTestId('chart-pass-at-1')).toContainText('200 problems');
});
