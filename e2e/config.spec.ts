import { expect, test } from '@playwright/test';
import { openPlayground, screenshotPage } from './playground';

test('an invalid field shows its reason and blocks the start until fixed', async ({ page }, testInfo) => {
  await openPlayground(page);
  const start = page.getByRole('button', { name: 'Start' });
  await expect(start).toBeEnabled();

  await page.getByLabel('top_p').fill('0');
  await expect(page.getByTestId('issue-rl.top_p')).toHaveText('must be above 0');
  await page.getByLabel('steps', { exact: true }).fill('1.5');
  await expect(page.getByTestId('issue-steps')).toHaveText('must be a whole number');
  await expect(start).toBeDisabled();
  await expect(page.getByTestId('start-blocked')).toContainText('2 fields');
  await screenshotPage(page, testInfo.outputPath('config-invalid.png'));

  await page.getByLabel('top_p').fill('0.9');
  await page.getByLabel('steps', { exact: true }).fill('200');
  await expect(page.getByTestId('issue-rl.top_p')).toHaveCount(0);
  await expect(start).toBeEnabled();
});

test('offers every row of the paper table, each explained', async ({ page }, testInfo) => {
  await openPlayground(page);
  await page.getByLabel('Preset').selectOption('paper-table');
  const boxes = page.getByTestId('method-picker').locator('input[name="method"]');
  await expect(boxes).toHaveCount(10);
  for (const box of await boxes.all()) await expect(box).toBeChecked();
  await expect(page.getByTestId('method-picker')).toContainText('paid extra for being right where the draft was wrong');
  await page.getByTestId('method-picker').locator('input[value="agon"]').uncheck();
  await expect(page.getByLabel('Preset')).toHaveValue('custom');
  await screenshotPage(page, testInfo.outputPath('config.png'));
});
