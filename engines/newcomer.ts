/**
 * What a newcomer does, for any engine (driver.ts): open the page with no flags, run the Micro
 * preset, share it with its results, reload and find the saved run, open the link in a fresh
 * page, import a result file, and open forged links. The steps run in order on one page, as a
 * person would take them; a fresh page stands for a second browser profile, and opens only
 * once the first is closed (WebKitWebDriver holds one session at a time).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fakeResult } from '../src/app/testing/share-fixtures';
import { badLinks, microConfig, partlyBadPayload } from '../e2e/share-links';
import type { PageDriver } from './driver';
import { helper, waitFor, waitForAttr, waitForText } from './page-helpers';
import type { Session } from './session';

/** What the header must say on this engine with no flags. */
export interface Expected {
  backend: string;
  /** The backend notice's kind and text. */
  notice: { kind: string; text: RegExp };
}

/** Opens the app (with `query`) and waits until the training worker has a backend (its start may take a stalled worker's restart). */
export async function openApp(page: PageDriver, url: string, timeoutMs = 30_000): Promise<void> {
  await page.goto(url);
  await waitForAttr(page, 'status-bar', 'data-state', 'ready', timeoutMs);
}

const idle = (page: PageDriver) => waitForAttr(page, 'progress', 'data-status', 'idle');

export function newcomerTests(session: () => Session, expected: Expected): void {
  let page: PageDriver;
  let link = '';
  let chartKeys: string | null = null;
  let seeds: string | null = null;

  test('opens with no flags and says which backend it trains on, and why', async () => {
    const { browser, url } = session();
    page = await browser.newPage();
    await openApp(page, url);
    assert.equal((await helper<string>(page, 'text', 'backend-name'))?.trim(), expected.backend);
    assert.equal(await helper(page, 'attr', 'backend-notice', 'data-kind'), expected.notice.kind);
    assert.match((await helper<string>(page, 'text', 'backend-notice')) ?? '', expected.notice.text);
    assert.equal(await helper(page, 'value', 'Preset'), 'agon-vs-grpo');
  });

  test('runs the Micro preset: the round view and the plot', async () => {
    await helper(page, 'set', 'Preset', 'micro');
    await waitFor('the micro preset', () => helper(page, 'value', 'Preset'), (v) => v === 'micro');
    await helper(page, 'click', 'Start');
    await waitForAttr(page, 'progress', 'data-status', 'complete', 180_000);
    assert.ok(Number(await helper(page, 'attr', 'progress', 'data-rounds-done')) >= 1);
    assert.equal(await helper(page, 'count', 'round-view'), 1);
    assert.ok(Number(await helper(page, 'attr', 'chart-pass-at-1', 'data-points')) > 0);
    chartKeys = await helper(page, 'attr', 'chart-pass-at-1', 'data-keys');
    assert.ok(chartKeys, 'the plot names its methods');
  });

  test('Share with the results makes a link', async () => {
    await helper(page, 'check', 'include the results');
    await helper(page, 'click', 'Share');
    await waitForText(page, 'share-status', 'config and results');
    link = (await helper<string>(page, 'value', 'share link')) ?? '';
    assert.match(link, /#agon=1\./);
    seeds = await helper(page, 'value', 'seeds');
  });

  test('the finished run is still listed after a reload', async () => {
    await openApp(page, session().url);
    await waitForAttr(page, 'saved-runs', 'data-storage', 'ready');
    await waitFor('a saved run', () => helper<number>(page, 'count', 'saved-run'), (n) => n >= 1);
    assert.equal(await helper(page, 'attr', 'saved-run', 'data-status'), 'complete');
    await page.close();
  });

  test('the shared link opens the config and the results in a fresh page, and runs nothing', async () => {
    const fresh = await session().browser.newPage();
    try {
      await fresh.goto(link);
      await waitForText(fresh, 'link-notice', 'Opened a shared experiment');
      await waitForText(fresh, 'link-notice', 'with its results');
      assert.equal(await helper(fresh, 'value', 'Preset'), 'micro');
      assert.equal(await helper(fresh, 'value', 'seeds'), seeds);
      await waitForAttr(fresh, 'chart-pass-at-1', 'data-keys', chartKeys ?? '');
      assert.equal(await helper(fresh, 'count', 'received-results'), 1);
      await idle(fresh);
    } finally {
      await fresh.close();
    }
  });

  test('a result file imports in a fresh page', async () => {
    const config = microConfig({ methods: ['agon', 'zero-shot'] });
    const file = join(mkdtempSync(join(tmpdir(), 'agon-engines-')), 'run.json');
    writeFileSync(file, JSON.stringify(fakeResult(config)));
    const fresh = await session().browser.newPage();
    try {
      await openApp(fresh, session().url);
      await fresh.upload('[data-testid="import-run"]', file);
      await waitForText(fresh, 'shown-origin', 'Imported from a file');
      await waitForAttr(fresh, 'chart-pass-at-1', 'data-keys', 'agon,zero-shot');
      assert.equal(await helper(fresh, 'count', 'results-table'), 1);
      assert.equal(await helper(fresh, 'count', 'import-error'), 0);
    } finally {
      await fresh.close();
    }
  });

  test('forged links get their banner, load the defaults, inject nothing and run nothing', async () => {
    const fresh = await session().browser.newPage();
    try {
      for (const bad of badLinks()) {
        await fresh.goto('about:blank');
        await fresh.goto(`${session().url}#agon=${bad.payload}`);
        await waitForAttr(fresh, 'link-notice', 'data-problem', bad.problem);
        await waitForText(fresh, 'link-notice', bad.text);
        await waitForText(fresh, 'link-notice', 'The default experiment is loaded instead; nothing was run.');
        assert.equal(await helper(fresh, 'value', 'Preset'), 'agon-vs-grpo', bad.name);
        await idle(fresh);
      }
      await fresh.goto('about:blank');
      await fresh.goto(`${session().url}#agon=${partlyBadPayload()}`);
      await waitForAttr(fresh, 'link-notice', 'data-problem', 'none');
      await waitForText(fresh, 'link-notice', '<img src=x onerror="window.__pwned=1">');
      assert.equal(await helper(fresh, 'injected'), 0);
      assert.equal(await helper(fresh, 'pwned'), null);
      await idle(fresh);
    } finally {
      await fresh.close();
    }
  });
}
