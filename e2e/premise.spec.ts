import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { configureMicro, openPlayground } from './playground';

// The base-pair card shows the shipped pair's premise lifts and pass@k when the manifest has them,
// per task family, and nothing (and no error) when it does not.
const manifest = JSON.parse(readFileSync('public/checkpoints/manifest.json', 'utf8'));
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The fieldsets of the config panel that stick out past its right edge (a wide card can push one out). */
const outOfPanel = (page: Page) =>
  page.evaluate(() => {
    const panel = document.querySelector('.config')!.getBoundingClientRect();
    return [...document.querySelectorAll('.config fieldset')].filter((f) => f.getBoundingClientRect().right > panel.right + 0.5).map((f) => f.getAttribute('data-testid') ?? f.className);
  });

test('the base-pair card shows the premise lifts of the shipped pair, per task family', async ({ page }) => {
  test.skip(!manifest.pairs.math.premise || !manifest.pairs.code.premise, 'the shipped manifest records no premise figures');
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPlayground(page, '?backends=wasm');
  const card = page.getByTestId('base-pair-premise');
  for (const task of ['math', 'code']) {
    await page.getByLabel('Task family').selectOption(task);
    await page.getByTestId('base-pair-picker').getByRole('radio', { name: /^shipped checkpoints/ }).check();
    const p = manifest.pairs[task].premise;
    await expect(card).toContainText(`better single model (${p.better}, ${pct(p.solo[p.better].sampled)})`);
    await expect(card).toContainText('untrained cascade: A->B');
    await expect(card).toContainText('self-refinement: A->A');
    const ab = p.cascades['A->B'];
    const judge = ab.drafterAlone + (1 - ab.drafterAlone) * (ab.rescue.solverAlone ?? 0);
    await expect(card).toContainText(`a perfect judge (keeps right drafts, answers alone after wrong ones): A->B ${pct(judge)} (this pair ${pct(ab.passAt1)})`);
    // Each model's pass@k alone by knowledge group, where the entry records it.
    const passAtK = manifest.pairs[task].passAtK;
    if (passAtK) {
      const cells = (row: { mean: number }[]) => row.map((c) => (100 * c.mean).toFixed(1)).join(' / ');
      for (const row of passAtK.rows) {
        const tr = page.getByTestId('base-pair-pass-at-k').locator(`tr[data-group="${row.group}"]`);
        for (const measured of [row.A, row.B, row.referenceTrace.A, row.referenceTrace.B]) await expect(tr).toContainText(cells(measured));
      }
    }
    // The card's table scrolls inside the panel rather than widening it.
    expect(await outOfPanel(page), task).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test('the base-pair card shows nothing about the premise when the manifest has none', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const bare = { ...manifest, pairs: Object.fromEntries(Object.entries(manifest.pairs).map(([task, entry]) => [task, { ...(entry as object), premise: undefined, passAtK: undefined }])) };
  await page.route('**/checkpoints/manifest.json', (route) => route.fulfill({ json: bare }));
  const fetched = page.waitForResponse('**/checkpoints/manifest.json');
  await openPlayground(page, '?backends=wasm');
  await fetched;
  await expect(page.getByTestId('base-pair-picker')).toBeVisible();
  // The card renders after the manifest arrives; give it a moment to (not) appear.
  await page.waitForTimeout(500);
  await expect(page.getByTestId('base-pair-premise')).toHaveCount(0);
  await expect(page.getByTestId('base-pair-pass-at-k')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the paper-premise pair: its card, and a run starts from its checkpoints', async ({ page }) => {
  const entry = manifest.pairs['math-premise'];
  const p = entry.premise;
  await openPlayground(page, '?backends=wasm');
  await page.getByLabel('Task family').selectOption('math');
  await configureMicro(page, ['zero-shot']);
  await page.getByTestId('base-pair-picker').getByRole('radio', { name: /paper-premise checkpoints/ }).check();
  await expect(page.getByTestId('base-pair-premise')).toContainText(`better single model (${p.better}, ${pct(p.solo[p.better].sampled)})`);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('base-pair')).toHaveText(`this run: ${entry.files.a.file} + ${entry.files.b.file}, id ${entry.id}`);
  await expect(page.getByTestId('progress')).toHaveAttribute('data-status', 'complete');
  await expect(page.getByTestId('results-table').locator('tr[data-method="zero-shot"]')).toBeVisible();
});

test('the paper-premise code pair: its own hard split is named on the card and recorded in the run', async ({ page }, testInfo) => {
  const entry = manifest.pairs['code-premise'];
  await openPlayground(page, '?backends=wasm');
  await page.getByLabel('Task family').selectOption('code');
  await configureMicro(page, ['zero-shot']);
  await page.getByTestId('base-pair-picker').getByRole('radio', { name: /paper-premise checkpoints/ }).check();
  await expect(page.getByTestId('base-pair-hard-split')).toContainText('test-hard of 3 primitives only (code\'s own test-hard: 2 and 3)');
  await expect(page.getByTestId('base-pair-premise')).toContainText(`better single model (${entry.premise.better}, ${pct(entry.premise.solo[entry.premise.better].sampled)})`);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('base-pair')).toHaveText(`this run: ${entry.files.a.file} + ${entry.files.b.file}, id ${entry.id}`);
  await expect(page.getByTestId('progress')).toHaveAttribute('data-status', 'complete');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-bar').getByRole('button', { name: 'Run (JSON)' }).click()]);
  const path = testInfo.outputPath('run.json');
  await file.saveAs(path);
  const result = JSON.parse(readFileSync(path, 'utf8'));
  expect(result.config).toMatchObject({ task: 'code', base_pair: entry.id, hard_difficulties: [3] });
  // The shipped code pair keeps its family's split, and says nothing about it.
  await page.getByTestId('base-pair-picker').getByRole('radio', { name: /^shipped checkpoints/ }).check();
  await expect(page.getByTestId('base-pair-hard-split')).toHaveCount(0);
});
