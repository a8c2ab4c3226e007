import { expect, test } from '@playwright/test';
import { configureMicro, openPlayground, screenshotPage } from './playground';

// The code family end to end on its shipped base pair: the worker fetches and checks
// code-a/code-b, trains a micro Agon run, and the rounds show list-program problems.
// On wasm, like the other whole-run tests that are not about WebGPU itself.
test('micro Agon run on the code family from its shipped checkpoints', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await openPlayground(page, '?backends=wasm');
  await page.getByLabel('Task family').selectOption('code');
  // The page opens on the paper-premise code pair; this run is on the shipped one.
  await page.getByTestId('base-pair-picker').getByRole('radio', { name: /^shipped checkpoints/ }).check();
  await expect(page.getByTestId('config-panel')).toContainText("a list program from its function's name and three examples");
  await configureMicro(page, ['agon', 'zero-shot']);

  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('base-pair')).toContainText('code-a.ckpt + code-b.ckpt', { timeout: 60_000 });
  const progress = page.getByTestId('progress');
  await expect(progress).toHaveAttribute('data-status', 'complete', { timeout: 240_000 });

  await expect(page.getByTestId('chart-pass-at-1')).toHaveAttribute('data-keys', 'agon,zero-shot');
  const table = page.getByTestId('results-table');
  for (const m of ['agon', 'zero-shot']) await expect(table.locator(`tr[data-method="${m}"]`)).toBeVisible();
  // The function's name, then three padded input:output examples, as the code family writes its problems.
  await expect(page.getByTestId('problem-text').first()).toHaveText(/^[a-z]{2}\|(?:[\d_][\d.]{4}:[\d_][\d.]{4},){2}[\d_][\d.]{4}:[\d_][\d.]{4}$/);
  await screenshotPage(page, testInfo.outputPath('code-task.png'));
  expect(errors).toEqual([]);
});
