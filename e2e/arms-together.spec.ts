import { expect, test } from '@playwright/test';
import { configureMicro, openPlayground } from './playground';

// The arms take their steps in turn: GRPO's and Agon's rounds interleave, and the round
// view shows the latest of any arm or, through a tab, one arm's rounds. On wasm.
test('arms advance together, and the round view follows one arm through its tab', async ({ page }) => {
  test.setTimeout(600_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await openPlayground(page, '?backends=wasm');
  await configureMicro(page, ['agon', 'grpo', 'zero-shot']);
  await page.getByRole('button', { name: 'Start' }).click();
  const progress = page.getByTestId('progress');
  await expect(progress).toHaveAttribute('data-status', 'complete', { timeout: 240_000 });

  const roundView = page.getByTestId('round-view');
  const tabs = page.getByTestId('round-arm-tabs').getByRole('tab');
  await expect(tabs).toHaveText(['latest of any arm', 'grpo', 'agon']);
  // Following the latest round of any arm: Agon's second step came last.
  await expect(page.locator('#round-title')).toHaveText('Round: agon, step 2');
  await expect(roundView.getByTestId('round-position')).toHaveText('round 4 of 4');
  // The scrubber walks the interleaved rounds: GRPO's second step came just before.
  await page.getByRole('button', { name: 'previous round' }).click();
  await expect(page.locator('#round-title')).toHaveText('Round: grpo, step 2');
  await page.getByRole('button', { name: 'previous round' }).click();
  await expect(page.locator('#round-title')).toHaveText('Round: agon, step 1');

  // One arm's rounds only.
  await page.getByRole('tab', { name: 'grpo' }).click();
  await expect(page.getByRole('tab', { name: 'grpo' })).toHaveAttribute('aria-selected', 'true');
  await expect(roundView.getByTestId('round-position')).toHaveText('round 2 of 2');
  await expect(page.locator('#round-title')).toHaveText('Round: grpo, step 2');
  await page.getByRole('button', { name: 'previous round' }).click();
  await expect(page.locator('#round-title')).toHaveText('Round: grpo, step 1');
  await page.getByRole('tab', { name: 'latest of any arm' }).click();
  await expect(roundView.getByTestId('round-position')).toHaveText('round 4 of 4');
  expect(errors).toEqual([]);
});
