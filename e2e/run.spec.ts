import { expect, test } from '@playwright/test';
import { configureMicro, ON_WEBGPU, openPlayground, PAIRED_WORDS, roundsDone, screenshotPage } from './playground';

// One Agon micro run drives the whole teaching flow: pause, step one round, resume,
// the round view, the charts and the table. SwiftShader WebGPU is a CPU emulation, so
// this is the slow test of the suite (a few minutes on a busy two-core machine).
test('micro Agon run: pause, step one round, resume, rounds, charts and table', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await openPlayground(page, ON_WEBGPU);
  await expect(page.getByTestId('backend-name')).toHaveText('webgpu');
  await configureMicro(page, ['agon', 'zero-shot'], { steps: '2', 'eval every': '2' });

  const progress = page.getByTestId('progress');
  const chart = page.getByTestId('chart-pass-at-1');
  await page.getByRole('button', { name: 'Start' }).click();
  // Pause before the first round: the step-0 evaluations still finish, no round starts.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(progress).toHaveAttribute('data-status', 'paused');
  await expect(chart).toHaveAttribute('data-keys', 'agon,zero-shot', { timeout: 300_000 });
  await page.waitForTimeout(5_000);
  expect(await roundsDone(page)).toBe(0);
  await expect(progress).toHaveAttribute('data-status', 'paused');

  // Step one round: exactly one appears, then it waits again.
  const stepped = Date.now();
  await page.getByRole('button', { name: 'Step one round' }).click();
  await expect(progress).toHaveAttribute('data-rounds-done', '1', { timeout: 240_000 });
  const roundMs = Date.now() - stepped;
  const roundView = page.getByTestId('round-view');
  await expect(roundView.getByTestId('roles')).toContainText('drafter');
  await expect(roundView.getByTestId('draft-text').first()).not.toBeEmpty();
  await expect(roundView.getByTestId('draft-view').first()).toBeVisible();
  await expect(roundView.getByTestId('solution-text').first()).not.toBeEmpty();
  await expect(roundView.getByTestId('verdict').first()).toHaveText(/correct|wrong|unparseable/);
  await expect(roundView.getByTestId('reward').first()).toContainText('correctness');
  await expect(roundView.getByTestId('round-explain')).toContainText('A drafted and B solved');
  await page.waitForTimeout(Math.min(roundMs, 10_000));
  expect(await roundsDone(page)).toBe(1);
  await expect(progress).toHaveAttribute('data-status', 'paused');
  await screenshotPage(page, testInfo.outputPath('round-view.png'), roundView);
  await screenshotPage(page, testInfo.outputPath('running.png'));

  // Resume: the run continues while the page stays responsive.
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(progress).toHaveAttribute('data-status', 'running');
  // How fast the click is answered depends on the machine's load: annotated, not asserted.
  const clicked = Date.now();
  await page.getByText('x: generated tokens').click();
  await expect(page.getByRole('radio', { name: 'x: generated tokens' })).toBeChecked();
  testInfo.annotations.push({ type: 'click answered during the run after', description: `${Date.now() - clicked} ms` });
  await expect(page.getByTestId('chart-pass-at-1').locator('figcaption')).toBeVisible();
  await expect(progress).toHaveAttribute('data-rounds-done', '2', { timeout: 240_000 });
  // The second round swaps the roles.
  await expect(roundView.getByTestId('roles')).toContainText(/drafter\s*B\s*→\s*solver\s*A/);
  await page.getByRole('button', { name: 'previous round' }).click();
  await expect(roundView.getByTestId('round-position')).toHaveText('round 1 of 2');

  await expect(progress).toHaveAttribute('data-status', 'complete', { timeout: 240_000 });
  await page.getByText('x: steps').click();
  await expect(chart).toHaveAttribute('data-points', '3');
  const table = page.getByTestId('results-table');
  for (const m of ['agon', 'zero-shot']) await expect(table.locator(`tr[data-method="${m}"]`)).toBeVisible();
  // The paired column, against Agon by default.
  await expect(table.getByTestId('reference-method')).toHaveValue('agon');
  await expect(table.locator('tr[data-method="agon"]').getByTestId('paired-cell')).toHaveText('the reference');
  await expect(table.locator('tr[data-method="zero-shot"]').getByTestId('paired-cell')).toHaveText(PAIRED_WORDS);
  await expect(page.getByTestId('headline')).toContainText('(Agon − GRPO) / (MoA − GRPO)');
  await screenshotPage(page, testInfo.outputPath('finished.png'));
  await screenshotPage(page, testInfo.outputPath('charts.png'), page.locator('.charts'));
  expect(errors).toEqual([]);
});
