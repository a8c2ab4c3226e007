import { expect, test, type Page } from '@playwright/test';
import { configureMicro, openPlayground, roundsDone, screenshotPage } from './playground';

// Tiny settings: a few steps per stage, each stage checked on 10 validation problems, targets
// that cannot be reached (so every stage runs all its steps and the totals are known).
// The trunk is long enough (seconds here) for the pause to land in it.
const PRETRAIN = { 'trunk steps': '30', 'fork steps': '10', 'batch size': '4', 'check every': '10', 'check problems': '10', 'trunk target': '1', 'fork target': '1' };
const TOTAL_STEPS = 30 + 10 + 10;

/** Records every stage:steps-done the pretraining bar shows (updates come faster than a test can poll). */
async function recordPretrainBar(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { pretrainSeen: string[] }).pretrainSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="pretrain-progress"][data-steps-done]');
      const shown = bar && `${bar.getAttribute('data-stage')}:${bar.getAttribute('data-steps-done')}`;
      if (shown && seen[seen.length - 1] !== shown) seen.push(shown);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-stage', 'data-steps-done'] });
  });
  return () => page.evaluate(() => (window as unknown as { pretrainSeen: string[] }).pretrainSeen);
}

// The wasm backend: SwiftShader's WebGPU had not finished the first training step (its
// backward-pass shaders) after a minute on this two-core machine; wasm runs these steps in seconds.
test('pretrains a tiny base pair in the page, with pause, then runs the experiment on it', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await openPlayground(page, '?backends=wasm');
  // The math family: the quickest to pretrain (the page opens on code).
  await page.getByLabel('Task family').selectOption('math');
  await configureMicro(page, ['agon'], { steps: '1', 'eval every': '1' });
  await page.getByLabel('pretrain from scratch in this tab').check();
  for (const [label, value] of Object.entries(PRETRAIN)) await page.getByLabel(label, { exact: true }).fill(value);
  await expect(page.getByTestId('start-blocked')).toHaveCount(0);
  const seen = await recordPretrainBar(page);

  // Pause holds the pretraining between steps (a step under way finishes); resume goes on.
  const progress = page.getByTestId('progress');
  const bar = page.getByTestId('pretrain-progress');
  const stepsDone = async () => Number((await bar.getAttribute('data-steps-done')) ?? 0);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(progress).toHaveAttribute('data-status', 'paused');
  await page.waitForTimeout(2_000);
  const paused = await stepsDone();
  await page.waitForTimeout(3_000);
  expect(await stepsDone()).toBe(paused);
  expect(paused).toBeLessThan(TOTAL_STEPS);
  await screenshotPage(page, testInfo.outputPath('pretraining-paused.png'));
  await page.getByRole('button', { name: 'Resume' }).click();

  // The bar advances step by step through the three stages, with validation checks.
  await expect(bar).toHaveAttribute('data-steps-done', String(TOTAL_STEPS), { timeout: 120_000 });
  const shown = await seen();
  const steps = shown.map((s) => Number(s.split(':')[1]));
  expect(steps.length).toBeGreaterThanOrEqual(3);
  expect(steps.every((n, i) => i === 0 || n > steps[i - 1]!)).toBe(true);
  expect([...new Set(shown.map((s) => s.split(':')[0]))]).toEqual(['trunk', 'A', 'B']);
  await expect(bar.getByTestId('pretrain-validation')).toContainText(/pass@1 \d+\.\d%/);

  // Then the experiment runs on the pretrained pair: its id comes from the bytes, rounds appear.
  await expect(bar).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('base-pair')).toContainText('pretrained here (trunk 30, A 10, B 10 steps), id math:');
  await expect(progress).toHaveAttribute('data-rounds-done', '1', { timeout: 120_000 });
  expect(await roundsDone(page)).toBe(1);
  await screenshotPage(page, testInfo.outputPath('pretrained-run.png'));
  expect(errors).toEqual([]);
});
