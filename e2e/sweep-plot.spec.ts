import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { parseExperimentConfig } from '../src/core/experiment/config';
import { handMadeResult } from '../src/app/testing/fixtures';
import { openPlayground } from './playground';

// A finished sweep (the lecture preset's config, its numbers made by hand), opened from a file:
// the sweep plot draws each value's pass@1 and its difference from bonus_weight=1, and a table
// beside it gives the numbers.
test('a sweep opened from a file draws pass@1 and the paired difference against the swept value', async ({ page }) => {
  const parsed = parseExperimentConfig(JSON.parse(readFileSync('docs/experiments/lecture-bonus-weight.json', 'utf8')));
  if (!parsed.ok) throw new Error('docs/experiments/lecture-bonus-weight.json does not parse');
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await openPlayground(page);
  await expect(page.getByTestId('sweep-plot')).toHaveCount(0);

  await page.getByTestId('import-run').setInputFiles({ name: 'sweep.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(handMadeResult(parsed.config))) });
  const plot = page.getByTestId('sweep-plot');
  await expect(plot).toBeVisible();
  await expect(plot.locator('#sweep-title')).toHaveText('The sweep: pass@1 against bonus_weight (seed 1 of 1)');
  // Five points of pass@1; four differences (the reference sits on the zero line).
  await expect(plot.locator('figure.chart')).toHaveCount(2);
  await expect(plot.locator('figure.chart').nth(0)).toHaveAttribute('data-points', '5');
  await expect(plot.locator('figure.chart').nth(1)).toHaveAttribute('data-points', '4');
  await expect(plot.locator('canvas').nth(1)).toHaveAttribute('aria-label', /bonus_weight 0: -4 \(/);
  // Rows grpo and zero-shot come first, so bonus_weight=0 got 50 of 500 right, each next value 10 more.
  const rows = plot.getByTestId('sweep-table').locator('tbody tr');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0)).toContainText('10.0 (');
  await expect(rows.nth(0)).toContainText('behind by 4.0 points');
  await expect(rows.nth(2)).toContainText('the reference');
  await expect(rows.nth(4)).toContainText('ahead by 4.0 points');
  expect(errors).toEqual([]);
});
