import { expect, test } from '@playwright/test';
import { configureMicro, ON_WEBGPU, openPlayground, roundsDone } from './playground';

test('stopping keeps what was measured on screen', async ({ page }) => {
  await openPlayground(page, ON_WEBGPU);
  await configureMicro(page, ['grpo'], { steps: '3' });
  await page.getByRole('button', { name: 'Start' }).click();
  const chart = page.getByTestId('chart-pass-at-1');
  // Stop during the step-0 evaluation: it finishes, no round starts, the point stays.
  await expect(page.getByTestId('progress')).toHaveAttribute('data-status', 'running');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('progress')).toHaveAttribute('data-status', 'cancelled', { timeout: 90_000 });
  await expect(chart).toHaveAttribute('data-keys', 'grpo');
  expect(await roundsDone(page)).toBe(0);
  await expect(page.getByTestId('results-table').locator('tr[data-method="grpo"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start again' })).toBeEnabled();
});
