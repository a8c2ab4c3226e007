import { expect, test, type Page } from '@playwright/test';
import { decodeLink } from '../src/app/share/link';
import { DEFAULT_EXPERIMENT } from '../src/core/experiment/config';
import { configureMicro, openPlayground, PAIRED_WORDS } from './playground';
import { encodeLink } from '../src/app/share/link';
import { badLinks, BASE_PAIR, impossibleResultsPayload, microConfig, nearMissAddresses, partlyBadPayload, resultsPayload } from './share-links';

/** Every field of the config panel as [label, value]: inputs, selects and checkboxes. */
async function formFields(page: Page): Promise<[string, string][]> {
  return page.getByTestId('config-panel').evaluate((panel) =>
    [...panel.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')].map((el) => [
      el.id || `${el.getAttribute('name') ?? ''}:${el.getAttribute('value') ?? ''}`,
      el instanceof HTMLInputElement && el.type === 'checkbox' ? String(el.checked) : el.value,
    ]),
  );
}

/** Nothing ran here: the run is idle and no round was played (received results count their own rounds, so not those). */
async function expectNoRun(page: Page): Promise<void> {
  await expect(page.getByTestId('progress')).toHaveAttribute('data-status', 'idle');
  await expect(page.getByText('Start a run to watch the rounds.')).toBeVisible();
}

/** The payload of a link in the page's share field. */
async function sharedPayload(page: Page): Promise<string> {
  const url = await page.getByTestId('share-link').inputValue();
  return new URL(url).hash.replace(/^#agon=/, '');
}

const fragment = (payload: string) => `./#agon=${payload}`;

test('a shared config opens in a fresh page with every field equal, and nothing runs', async ({ page, browser }) => {
  await openPlayground(page);
  await configureMicro(page, ['agon', 'zero-shot'], { seeds: '42', steps: '3', 'eval every': '3', learning_rate: '0.00031', top_p: '0.95' });
  await page.getByLabel('loss_type').selectOption('dapo');
  await page.getByLabel("show the draft's final answer to the solver").check();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByTestId('share-status')).toContainText('config');
  const link = await page.getByTestId('share-link').inputValue();
  // The link points at the page it was made on (origin and path, no query).
  const here = new URL(page.url());
  expect(link.startsWith(`${here.origin}${here.pathname}#agon=1.`)).toBe(true);
  expect(link.length).toBeLessThan(1000);
  // The premise pair's option comes with the shipped manifest, which loads after the page.
  await expect(page.locator('input[name="base-pair"][value="premise"]')).toHaveCount(1);
  const fields = await formFields(page);

  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(link);
  await expect(fresh.getByTestId('link-notice')).toContainText('Opened a shared experiment');
  await expect(fresh.getByTestId('link-notice')).toContainText('Nothing runs until you press Start');
  await expect.poll(() => formFields(fresh)).toEqual(fields);
  await expect(fresh.getByLabel('seeds', { exact: true })).toHaveValue('42');
  await expectNoRun(fresh);
  await context.close();
});

test('the address follows the config as it is edited, and Back steps back through the edits', async ({ page }) => {
  await openPlayground(page);
  await page.getByLabel('Preset').selectOption('micro');
  await expect(page).toHaveURL(/#agon=1\./);
  const afterPreset = page.url();
  await page.getByLabel('seeds', { exact: true }).fill('7');
  await expect(page).not.toHaveURL(afterPreset);
  const afterSeed = page.url();
  await page.getByLabel('loss_type').selectOption('dr_grpo');
  await expect(page).not.toHaveURL(afterSeed);

  await page.goBack();
  await expect(page).toHaveURL(afterSeed);
  await expect(page.getByLabel('loss_type')).toHaveValue('grpo');
  await expect(page.getByLabel('seeds', { exact: true })).toHaveValue('7');
  await page.goBack();
  await expect(page.getByLabel('seeds', { exact: true })).toHaveValue('1');
  await expect(page.getByLabel('Preset')).toHaveValue('micro');
  await page.goBack();
  await expect(page.getByLabel('Preset')).toHaveValue('agon-vs-grpo');
  await page.goForward();
  await expect(page.getByLabel('Preset')).toHaveValue('micro');
  // Restoring from history is quiet: no banner as for an opened link.
  await expect(page.getByTestId('link-notice')).toHaveCount(0);
  await expectNoRun(page);
});

test('a link pasted into the address bar of an open page opens like a link', async ({ page }) => {
  await openPlayground(page);
  // Only the fragment differs, so the browser stays on the page and reports a history step.
  await page.goto(fragment(resultsPayload(microConfig({ methods: ['agon', 'zero-shot'], seed: 9 }))));
  await expect(page.getByTestId('link-notice')).toContainText('with its results');
  await expect(page.getByLabel('seeds', { exact: true })).toHaveValue('9');
  await expect(page.getByTestId('chart-pass-at-1')).toHaveAttribute('data-keys', 'agon,zero-shot');
  await expectNoRun(page);
});

test('a link with results shows the plots and the table at once, labelled as received, without running', async ({ page }) => {
  const config = microConfig({ methods: ['agon', 'grpo', 'moa', 'zero-shot'] });
  await page.goto(fragment(resultsPayload(config)));
  await expect(page.getByTestId('link-notice')).toContainText('with its results');
  await expect(page.getByTestId('link-notice')).toContainText(BASE_PAIR);
  await expect(page.getByTestId('received-results')).toContainText('Results received with the link, not run here');
  await expect(page.getByTestId('chart-pass-at-1')).toHaveAttribute('data-keys', 'agon,grpo,moa,zero-shot');
  for (const m of config.methods) await expect(page.getByTestId('results-table').locator(`tr[data-method="${m}"]`)).toBeVisible();
  await expect(page.getByTestId('headline')).toContainText('(Agon − GRPO) / (MoA − GRPO)');
  // The paired column, from the per-problem outcomes the link carries; the reference can be changed.
  const table = page.getByTestId('results-table');
  const paired = (m: string) => table.locator(`tr[data-method="${m}"]`).getByTestId('paired-cell');
  await expect(table.getByTestId('reference-method')).toHaveValue('agon');
  await expect(paired('agon')).toHaveText('the reference');
  for (const m of ['grpo', 'moa', 'zero-shot']) await expect(paired(m)).toHaveText(PAIRED_WORDS);
  await table.getByTestId('reference-method').selectOption('grpo');
  await expect(paired('grpo')).toHaveText('the reference');
  await expect(paired('agon')).toHaveText(PAIRED_WORDS);
  await expectNoRun(page);

  // Shared on, the results travel again with the same config and base pair.
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByTestId('share-status')).toContainText('config and results');
  const decoded = decodeLink(await sharedPayload(page), DEFAULT_EXPERIMENT);
  expect(decoded.ok && decoded.link.results[0]?.table.length).toBe(4);
  expect(decoded.ok && decoded.link.basePair).toBe(BASE_PAIR);
});

test('results too big for a link: the share says so and offers the config alone', async ({ page }) => {
  // Long enough to pass the 8 KB a made link may have, short enough for the decoder to open.
  const payload = [100, 150, 200, 300].map((steps) => resultsPayload(microConfig({ steps, eval_every: 1 }))).find((p) => p.length > 9000 && p.length < 16_000);
  expect(payload).toBeDefined();
  await page.goto(fragment(payload ?? ''));
  await expect(page.getByTestId('received-results')).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByTestId('share-too-long')).toContainText('download the run file instead');
  const link = await page.getByTestId('share-link').inputValue();
  expect(link.length).toBeLessThan(8000);
  const decoded = decodeLink(await sharedPayload(page), DEFAULT_EXPERIMENT);
  expect(decoded.ok && decoded.link.results).toEqual([]);
});

test('each kind of bad link: its message, the defaults, no run, nothing injected', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  for (const bad of badLinks()) {
    await page.goto('about:blank');
    await page.goto(fragment(bad.payload));
    const notice = page.getByTestId('link-notice');
    await expect(notice, bad.name).toHaveAttribute('data-problem', bad.problem);
    await expect(notice, bad.name).toContainText(bad.text);
    await expect(notice, bad.name).toContainText('The default experiment is loaded instead; nothing was run.');
    await expect(page.getByLabel('Preset'), bad.name).toHaveValue('agon-vs-grpo');
    await expect(page.getByLabel('seeds', { exact: true }), bad.name).toHaveValue(String(DEFAULT_EXPERIMENT.seed));
    await expectNoRun(page);
  }

  // Partly bad, with crafted strings: the valid part loads, the rest is named and reset, every string stays text.
  await page.goto('about:blank');
  await page.goto(fragment(partlyBadPayload()));
  const notice = page.getByTestId('link-notice');
  await expect(notice).toHaveAttribute('data-problem', 'none');
  await expect(notice).toContainText('reset to their defaults: steps, rl.top_p');
  await expect(notice).toContainText('<img src=x onerror="window.__pwned=1">');
  await expect(page.getByLabel('seeds', { exact: true })).toHaveValue('42');
  await expect(page.getByLabel('steps', { exact: true })).toHaveValue(String(DEFAULT_EXPERIMENT.steps));
  await expect(page.getByLabel('top_p')).toHaveValue(String(DEFAULT_EXPERIMENT.rl.top_p));
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expectNoRun(page);
});

test('a link with impossible scores keeps its config, refuses its results naming the field, and the page stays alive', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const config = microConfig({ methods: ['agon', 'grpo', 'moa', 'zero-shot'], steps: 3 });
  await page.goto(`./?backends=wasm#agon=${impossibleResultsPayload(config)}`);
  const notice = page.getByTestId('link-notice');
  await expect(notice).toHaveAttribute('data-problem', 'none');
  await expect(notice).toContainText('Its results were refused and are not shown (results.0.table.0.test.correct: correct (1000000000) is greater than n (1)');
  await expect(notice).toContainText('the config was kept');
  await expect(page.getByLabel('seeds', { exact: true })).toHaveValue('1,2');
  await expect(page.getByLabel('steps', { exact: true })).toHaveValue('3');
  await expect(page.getByTestId('received-results')).toHaveCount(0);
  await expect(page.getByTestId('pooled-table')).toHaveCount(0);
  await expectNoRun(page);
  // Alive: the form still answers an edit.
  await page.getByLabel('steps', { exact: true }).fill('4');
  await expect(page.getByLabel('steps', { exact: true })).toHaveValue('4');
  expect(errors).toEqual([]);
});

test('links bent on the way open with a note on how they differed; an empty link says it is empty', async ({ page }) => {
  const payload = encodeLink({ config: microConfig({ seed: 77 }), appVersion: '0.1.0', basePair: null, results: [] });
  const notice = page.getByTestId('link-notice');
  for (const { address, marker } of nearMissAddresses(payload)) {
    await page.goto('about:blank');
    await page.goto(address);
    await expect(notice, marker).toHaveAttribute('data-problem', 'none');
    await expect(notice, marker).toContainText('Opened a shared experiment');
    await expect(notice, marker).toContainText(`"${marker}"`);
    await expect(notice, marker).toContainText('it was read all the same');
    await expect(page.getByLabel('seeds', { exact: true }), marker).toHaveValue('77');
    await expectNoRun(page);
  }
  // Edited, the link moves from the query to the fragment; page settings in the query stay.
  await page.goto('about:blank');
  await page.goto(`./?backends=wasm&agon=${payload}`);
  await expect(page.getByLabel('seeds', { exact: true })).toHaveValue('77');
  await page.getByLabel('loss_type').selectOption('dr_grpo');
  await expect(page).toHaveURL(/\?backends=wasm#agon=1\./);

  for (const empty of ['./#agon=', './#agon']) {
    await page.goto('about:blank');
    await page.goto(empty);
    await expect(notice, empty).toHaveAttribute('data-problem', 'empty');
    await expect(notice, empty).toContainText('This link is empty');
    await expect(notice, empty).not.toContainText('characters a link of this app never has');
    await expect(notice, empty).toContainText('The default experiment is loaded instead; nothing was run.');
    await expect(page.getByLabel('seeds', { exact: true }), empty).toHaveValue(String(DEFAULT_EXPERIMENT.seed));
  }
});
