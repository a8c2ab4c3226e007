import { expect, test, type Page } from '@playwright/test';
import { FIELD_EXPLAIN } from '../src/core/experiment/arm-fields';
import { configureMicro, openPlayground } from './playground';

const NAME = 'double-bonus';

/** Each row of the results table with its pass@1 cell, as shown. */
async function resultRows(page: Page): Promise<[string, string][]> {
  return page.getByTestId('results-table').evaluate((table) =>
    [...table.querySelectorAll<HTMLTableRowElement>('tbody tr')].map((tr) => [tr.dataset.method ?? '', tr.querySelector('td.num')?.textContent ?? '']),
  );
}

// A variant of the user's own: Agon with twice the solver's bonus, run beside Agon in the Micro
// preset, shown in the table, the legend and the curves, and carried by a share link. On wasm.
test('a variant of your own runs, shows in the table and the legend, and a share link carries it with its results', async ({ page, browser }) => {
  test.setTimeout(600_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await openPlayground(page, '?backends=wasm');
  await configureMicro(page, ['agon', 'zero-shot']);

  await page.getByRole('button', { name: 'Add a variant' }).click();
  const variant = page.getByTestId('variant-0');
  await expect(variant.getByLabel('name')).toHaveValue('variant-1');
  await variant.getByLabel('name').fill(NAME);
  await variant.getByLabel('bonus_weight').fill('2');
  await expect(variant.getByTestId('variant-line')).toHaveText("Agon's fields but bonus_weight 2");
  // A bad value is refused beside its field, and Start waits for it.
  await variant.getByLabel('bonus_weight').fill('11');
  await expect(variant.getByTestId('issue-arms.0.bonus_weight')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start' })).toBeDisabled();
  // A field the others leave unread is disabled and says why, rather than refused.
  await variant.getByLabel('bonus', { exact: true }).selectOption('none');
  await expect(variant.getByLabel('bonus_weight')).toBeDisabled();
  await expect(variant).toContainText('Not read here: no bonus is paid (bonus is none)');
  await expect(variant.getByTestId('issue-arms.0.bonus_weight')).toHaveCount(0);
  await variant.getByLabel('bonus', { exact: true }).selectOption('conversion');
  await variant.getByLabel('bonus_weight').fill('2');
  await expect(page.getByTestId('start-blocked')).toHaveCount(0);

  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('progress')).toHaveAttribute('data-status', 'complete', { timeout: 240_000 });
  const row = page.getByTestId('results-table').locator(`tr[data-method="${NAME}"]`);
  await expect(row).toContainText("Agon's fields but bonus_weight 2");
  const legend = page.getByTestId('method-legend').locator(`li[data-row="${NAME}"]`);
  await expect(legend).toContainText(NAME);
  await expect(legend).toContainText(FIELD_EXPLAIN.bonus_weight);
  await expect(page.getByTestId('chart-pass-at-1')).toHaveAttribute('data-keys', `agon,zero-shot,${NAME}`);
  const results = await resultRows(page);
  expect(results.map(([name]) => name)).toEqual(['agon', 'zero-shot', NAME]);

  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByTestId('share-status')).toContainText('config and results');
  const link = await page.getByTestId('share-link').inputValue();

  // Opened elsewhere: the same variant in the form, the same results, received rather than run.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(link);
  await expect(fresh.getByTestId('link-notice')).toContainText('with its results');
  const opened = fresh.getByTestId('variant-0');
  await expect(opened.getByLabel('name')).toHaveValue(NAME);
  await expect(opened.getByLabel('bonus_weight')).toHaveValue('2');
  await expect(fresh.getByTestId('received-results')).toBeVisible();
  await expect(fresh.getByTestId('results-table').locator(`tr[data-method="${NAME}"]`)).toBeVisible();
  expect(await resultRows(fresh)).toEqual(results);
  await expect(fresh.getByTestId('method-legend').locator(`li[data-row="${NAME}"]`)).toContainText(FIELD_EXPLAIN.bonus_weight);
  await context.close();
  expect(errors).toEqual([]);
});

// A sweep of the bonus weight from Agon: the editor lists the arms it makes and the row they are
// compared with, a value the field does not take is refused on the sweep, and every point runs
// and shows as a row of its own. On wasm.
test('a sweep shows the arms it makes, refuses a bad value, and each point runs as a row of its own', async ({ page }) => {
  test.setTimeout(600_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await openPlayground(page, '?backends=wasm');
  await configureMicro(page, ['zero-shot']);

  const editor = page.getByTestId('sweep-editor');
  await editor.getByRole('button', { name: 'Add a sweep' }).click();
  await expect(editor.getByLabel('field to vary')).toHaveValue('bonus_weight');
  await editor.getByLabel('values').fill('1, 12');
  await expect(editor.getByTestId('issue-sweep.values.1')).toContainText('value 12: bonus_weight:');
  await expect(page.getByRole('button', { name: 'Start' })).toBeDisabled();
  await editor.getByLabel('values').fill('1, x');
  await expect(editor.getByTestId('issue-sweep.values')).toHaveText('value 2 of the list is not a number ("x"): bonus_weight takes numbers');
  await editor.getByLabel('values').fill('1, 2');
  const points = editor.getByTestId('sweep-points');
  await expect(points).toContainText('It adds 2 arms, each compared with bonus_weight=1');
  await expect(points.locator('li')).toHaveText(["bonus_weight=1 Agon's fields", "bonus_weight=2 Agon's fields but bonus_weight 2"]);
  await expect(page.getByTestId('start-blocked')).toHaveCount(0);

  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('progress')).toHaveAttribute('data-status', 'complete', { timeout: 240_000 });
  expect((await resultRows(page)).map(([name]) => name)).toEqual(['zero-shot', 'bonus_weight=1', 'bonus_weight=2']);
  await expect(page.getByTestId('chart-pass-at-1')).toHaveAttribute('data-keys', 'zero-shot,bonus_weight=1,bonus_weight=2');
  await expect(page.getByTestId('method-legend').locator('li[data-row="bonus_weight=2"]')).toContainText(FIELD_EXPLAIN.bonus_weight);
  // The point at Agon's value reads Agon's trained arm; the other trained its own, named after it.
  await expect(page.getByTestId('round-arm-tabs').getByRole('tab')).toHaveText(['latest of any arm', 'agon', 'bonus_weight=2']);
  // The run drawn as a sweep: each value with its pass@1 and its paired difference from bonus_weight=1.
  const sweepRows = page.getByTestId('sweep-plot').getByTestId('sweep-table').locator('tbody tr');
  await expect(sweepRows).toHaveCount(2);
  await expect(sweepRows.nth(0)).toContainText('the reference');
  await expect(sweepRows.nth(1)).toContainText(/^2.*(ahead by|behind by|no difference shown)/);
  expect(errors).toEqual([]);
});
