import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_EXPERIMENT } from '../src/core/experiment/config';
import { decodeLink } from '../src/app/share/link';
import { configureMicro, openPlayground, screenshotPage } from './playground';

// Several seeds in the playground: the seeds field refuses a bad list by name, a run of two
// seeds runs both in turn and shows the pooled table with each seed's pass@1, and the seeds
// survive a reload, the saved run and a share link. On wasm, GRPO for one step: tiny.

const seedsField = (page: Page) => page.getByLabel('seeds', { exact: true });

/** Every method row of the pooled table has a cell per seed, and a pooled cell with its interval. */
async function expectPooled(page: Page, seeds: string[]): Promise<void> {
  const table = page.getByTestId('pooled-table');
  await expect(table).toBeVisible();
  await expect(page.locator('#pooled-title')).toHaveText(`Pooled over seeds ${seeds.join(',')} (of ${seeds.join(',')})`);
  for (const method of ['grpo', 'zero-shot']) {
    const row = table.locator(`tr[data-method="${method}"]`);
    await expect(row.getByTestId('seed-cell')).toHaveCount(seeds.length);
    for (const [i, seed] of seeds.entries()) await expect(row.getByTestId('seed-cell').nth(i)).toHaveAttribute('data-seed', seed);
    await expect(row.getByTestId('seed-cell').first()).toHaveText(/^\d+\.\d$/);
    // Pooled over both seeds' problems: 10 each.
    await expect(row.getByTestId('pooled-cell')).toContainText(`/${10 * seeds.length}`);
    await expect(row.getByTestId('pooled-cell')).toContainText(/\(\d+\.\d–\d+\.\d\)/);
  }
}

test('two seeds run in turn; the pooled table shows each seed; reload, the saved run and a share link keep the seeds', async ({ page, browser }, testInfo) => {
  test.setTimeout(600_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await openPlayground(page, '?backends=wasm');
  await configureMicro(page, ['grpo', 'zero-shot'], { steps: '1', 'eval every': '1' });

  // Bad lists: named on the field, and Start stays blocked.
  const issue = page.getByTestId('issue-seeds');
  for (const [text, message] of [
    ['1,,x', 'seed 2 of the list is empty'],
    ['1,x', 'seed 2 of the list is not a whole number ("x")'],
    ['2,2', 'seed 2 is listed twice'],
    ['-1', 'the seed is negative (-1)'],
    ['1,2,3,4,5,6,7,8,9,10,11', 'too many seeds (11; at most 10'],
  ]) {
    await seedsField(page).fill(text!);
    await expect(issue, text).toContainText(message!);
    await expect(page.getByTestId('start-blocked')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start' })).toBeDisabled();
  }
  await seedsField(page).fill('1,2');
  await expect(issue).toHaveCount(0);
  await expect(page).toHaveURL(/#agon=1\./);

  // Every text the pooled table's title takes, in order: seed 2 of this micro run can finish
  // within a second of seed 1, faster than polling for the in-between title would see it.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { pooledTitles: string[] }).pooledTitles = seen;
    new MutationObserver(() => {
      const title = document.querySelector('#pooled-title')?.textContent;
      if (title && seen.at(-1) !== title) seen.push(title);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Start' }).click();
  const progress = page.getByTestId('progress');
  await expect(progress).toHaveAttribute('data-status', 'complete', { timeout: 150_000 });
  await expectPooled(page, ['1', '2']);
  // Seed 1 finished first: the pooled table had it alone while seed 2 ran.
  const titles = await page.evaluate(() => (window as unknown as { pooledTitles: string[] }).pooledTitles);
  expect(titles.slice(-2)).toEqual(['Pooled over seed 1 (of 1,2)', 'Pooled over seeds 1,2 (of 1,2)']);
  await screenshotPage(page, testInfo.outputPath('pooled-seeds.png'));
  await expect(page.locator('#results-title')).toHaveText('Results, seed 2 (complete)');

  // A share link with the results carries both seeds.
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByTestId('share-status')).toContainText('config and results');
  const link = await page.getByTestId('share-link').inputValue();
  const decoded = decodeLink(new URL(link).hash.replace(/^#agon=/, ''), DEFAULT_EXPERIMENT);
  expect(decoded.ok && decoded.link.config.seeds).toEqual([1, 2]);
  expect(decoded.ok && decoded.link.results.map((r) => r.config.seed)).toEqual([1, 2]);

  // Reload: the address keeps the seeds, and the saved run reopens with both.
  await page.reload();
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-state', 'ready');
  await expect(seedsField(page)).toHaveValue('1,2');
  const saved = page.getByTestId('saved-run');
  await expect(saved).toHaveAttribute('data-status', 'complete');
  await expect(saved).toHaveAttribute('data-name', /seeds 1,2$/);
  await saved.getByRole('button', { name: 'Open' }).click();
  await expectPooled(page, ['1', '2']);

  // The link opens elsewhere with the seeds and both seeds' results, received.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(link);
  await expect(fresh.getByTestId('link-notice')).toContainText('It runs 2 seeds in turn (1, 2).');
  await expect(seedsField(fresh)).toHaveValue('1,2');
  await expect(fresh.getByTestId('received-results')).toBeVisible();
  await expectPooled(fresh, ['1', '2']);
  await context.close();
  expect(errors).toEqual([]);
});
