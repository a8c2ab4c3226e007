import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { DEFAULT_EXPERIMENT, parseExperimentConfig } from '../src/core/experiment/config';
import { parseExperimentResultJson } from '../src/core/experiment/result-schema';
import { configureMicro, openPlayground } from './playground';

// Saved runs and exports, on wasm: saving and reopening do not depend on the backend, and a
// checkpoint written on WebGPU is reopened by the device-loss spec. Runs are kept minimal: an
// untrained zero-shot run finishes after one evaluation.

async function download(page: Page, button: string, path: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-bar').getByRole('button', { name: button }).click()]);
  await file.saveAs(path);
  return file.suggestedFilename();
}

test('reload during a run: listed as interrupted with its curves; it continues from its last checkpoint', async ({ page }) => {
  test.setTimeout(1_500_000);
  await openPlayground(page, '?backends=wasm');
  // GRPO: the cheapest trained arm to evaluate (one model, no cascade). Five rounds, so that a
  // reload right after the second evaluation lands mid-run however fast the rounds are.
  await configureMicro(page, ['grpo'], { steps: '5', 'eval every': '1' });
  await page.getByRole('button', { name: 'Start' }).click();
  const saved = page.getByTestId('saved-run');
  await expect(saved).toHaveAttribute('data-status', 'running');
  // Step 0, then step 1 after the first round, each with the model and optimizer saved with
  // it: reload as soon as there are two, mid-run.
  const evals = async () => Number(await saved.getAttribute('data-evals'));
  await expect.poll(evals, { timeout: 600_000, intervals: [100] }).toBeGreaterThanOrEqual(2);
  await page.reload();
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-state', 'ready');

  await expect(saved).toHaveCount(1);
  await expect(saved).toHaveAttribute('data-status', 'interrupted');
  await expect(saved.getByTestId('saved-run-status')).toHaveText('interrupted');
  const kept = await evals();
  expect(kept).toBeGreaterThanOrEqual(2);
  expect(kept).toBeLessThan(6);
  // A rename sticks across a reload.
  await saved.getByRole('button', { name: 'Rename' }).click();
  await saved.getByLabel('run name').fill('cut short');
  await saved.getByRole('button', { name: 'Save' }).click();
  // The editor closes once the name is stored: reloading before that could lose it.
  await expect(saved.getByLabel('run name')).toHaveCount(0);
  await page.reload();
  await expect(saved).toHaveAttribute('data-name', 'cut short');
  // As after the first reload: Open is clicked on a page that has settled, not one still laying out.
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-state', 'ready');

  await saved.getByRole('button', { name: 'Open' }).click();
  const progress = page.getByTestId('progress');
  const chart = page.getByTestId('chart-pass-at-1');
  await expect(progress).toHaveAttribute('data-status', 'interrupted');
  await expect(page.getByTestId('shown-origin')).toContainText('Reopened from the saved runs');
  await expect(chart).toHaveAttribute('data-keys', 'grpo');
  await expect(chart).toHaveAttribute('data-points', String(kept));
  await expect(page.getByTestId('results-table').locator('tr[data-method="grpo"]')).toBeVisible();

  await expect(page.getByTestId('continue-run')).toHaveText(`Continue from step ${kept - 1}`);
  await page.getByTestId('continue-run').click();
  await expect(progress).toHaveAttribute('data-status', 'running');
  // The rounds left and their evaluations: the run ends as if never cut.
  await expect(progress).toHaveAttribute('data-status', 'complete', { timeout: 480_000 });
  await expect(chart).toHaveAttribute('data-points', '6');
  await expect(saved).toHaveAttribute('data-status', 'complete');
  await expect(page.getByTestId('export-bar').getByTestId('download-checkpoint')).toHaveText('grpo A step 5 (.ckpt)');

  // Delete asks once more, then removes it for good.
  await saved.getByRole('button', { name: 'Delete' }).click();
  await saved.getByRole('button', { name: 'Delete for good' }).click();
  await expect(saved).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('saved-runs')).toHaveAttribute('data-storage', 'ready');
  await expect(saved).toHaveCount(0);
});

// One run serves two checks: with storage blocked the run goes on in memory, and what it
// measured can still be exported, then imported in a fresh profile.
test('storage blocked: the run goes on in memory; export it and import it in a fresh profile: same table', async ({ page, browser }, testInfo) => {
  test.setTimeout(600_000);
  // As in a browser that refuses IndexedDB to this site.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', { get: () => undefined });
  });
  await openPlayground(page, '?backends=wasm');
  await expect(page.getByTestId('storage-notice')).toContainText('Saved runs are off');
  await expect(page.getByTestId('storage-notice')).toContainText('in memory');
  await configureMicro(page, ['zero-shot']);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('progress')).toHaveAttribute('data-status', 'complete', { timeout: 300_000 });
  await expect(page.getByTestId('saved-run')).toHaveCount(0);
  const table = await page.getByTestId('results-table').innerText();

  const json = testInfo.outputPath('run.json');
  expect(await download(page, 'Run (JSON)', json)).toMatch(/^agon-code-seed1-.*\.json$/);
  const parsed = parseExperimentResultJson(readFileSync(json, 'utf8'));
  expect(parsed.ok && parsed.result.status).toBe('complete');
  const csv = testInfo.outputPath('curves.csv');
  await download(page, 'Curves (CSV)', csv);
  expect(readFileSync(csv, 'utf8')).toMatch(/^seed,arm,method,candidate/);
  const png = testInfo.outputPath('plots.png');
  await download(page, 'Plots (PNG)', png);
  expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
  const config = testInfo.outputPath('config.json');
  await download(page, 'Config (JSON)', config);
  expect(parseExperimentConfig(JSON.parse(readFileSync(config, 'utf8'))).ok).toBe(true);
  const zip = testInfo.outputPath('pytorch.zip');
  expect(await download(page, 'Export as PyTorch project (zip)', zip)).toMatch(/^agon-code-seed1-.*-pytorch\.zip$/);
  const project = unzipSync(new Uint8Array(readFileSync(zip)));
  const folder = Object.keys(project)[0]!.split('/')[0]!;
  expect(Object.keys(project)).toEqual(expect.arrayContaining([`${folder}/train.py`, `${folder}/agon/model.py`, `${folder}/checkpoints/code-a.ckpt`, `${folder}/data/train-seed1.json`, `${folder}/README.md`]));
  expect(JSON.parse(strFromU8(project[`${folder}/export.json`]!)).config.methods).toEqual(['zero-shot']);

  // A new browser context has its own, empty storage: a fresh profile.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await openPlayground(fresh);
  await expect(fresh.getByTestId('saved-runs')).toHaveAttribute('data-storage', 'ready');
  await expect(fresh.getByTestId('saved-run')).toHaveCount(0);
  await fresh.getByTestId('import-run').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') });
  await expect(fresh.getByTestId('import-error')).toContainText('notes.json: not an Agon Playground result');
  await expect(fresh.getByTestId('results-table')).toHaveCount(0);

  await fresh.getByTestId('import-run').setInputFiles(json);
  await expect(fresh.getByTestId('import-error')).toHaveCount(0);
  await expect(fresh.getByTestId('shown-origin')).toContainText('Imported from a file');
  await expect(fresh.getByTestId('results-table')).toBeVisible();
  expect(await fresh.getByTestId('results-table').innerText()).toBe(table);
  await expect(fresh.getByTestId('chart-pass-at-1')).toHaveAttribute('data-keys', 'zero-shot');
  await expect(fresh.getByTestId('saved-run')).toHaveAttribute('data-status', 'complete');
  await context.close();
});

test('a saved run with a damaged checkpoint: its row says what is wrong, it opens without it, and the other run opens whole', async ({ page }) => {
  test.setTimeout(600_000);
  await openPlayground(page);
  await expect(page.getByTestId('saved-runs')).toHaveAttribute('data-storage', 'ready');
  const good = [...readFileSync('public/checkpoints/math-a.ckpt')];
  const bad = [...good];
  bad[bad.length - 100] = bad[bad.length - 100]! ^ 0x01; // one bit of the last tensor's weights
  // Two runs written into the page's IndexedDB as the app keeps them, one with a bit flipped in its checkpoint.
  await page.evaluate(
    async ({ config, good, bad }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('agon-playground', 1);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(['runs', 'checkpoints'], 'readwrite');
      for (const [id, startedAt, bytes] of [['intact', 1, good], ['damaged', 2, bad]] as const) {
        tx.objectStore('runs').put({ id, name: id, origin: 'here', status: 'interrupted', startedAt, savedAt: startedAt, config, environment: null, basePair: null, arms: {}, result: null, rounds: [], messages: [] });
        tx.objectStore('checkpoints').put({ runId: id, arm: 'grpo', member: 'A', step: 1, bytes: new Uint8Array(bytes), optimizer: new Uint8Array([0]), evalTokens: 0 });
      }
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { config: DEFAULT_EXPERIMENT, good, bad },
  );
  await page.reload();
  const row = (name: string) => page.locator(`[data-testid="saved-run"][data-name="${name}"]`);
  await expect(page.getByTestId('saved-run')).toHaveCount(2);

  await row('damaged').getByRole('button', { name: 'Open' }).click();
  await expect(row('damaged').getByTestId('saved-run-damage')).toContainText('saved run "damaged", checkpoint of grpo model A at step 1: tensor "head" does not match its checksum');
  await expect(page.getByTestId('shown-origin')).toContainText('Reopened from the saved runs');
  await expect(page.getByTestId('export-bar').getByTestId('download-checkpoint')).toHaveCount(0);

  await row('intact').getByRole('button', { name: 'Open' }).click();
  await expect(page.getByTestId('export-bar').getByTestId('download-checkpoint')).toHaveText('grpo A step 1 (.ckpt)');
  await expect(row('intact').getByTestId('saved-run-damage')).toHaveCount(0);
  await expect(row('damaged').getByTestId('saved-run-damage')).toBeVisible();
});
