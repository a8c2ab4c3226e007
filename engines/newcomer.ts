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

/** The header once the background search for a faster backend is over: the backend, the notice's kind and text. */
export interface Header {
  backend: string;
  kind: string | null;
  text: string;
}

/** What the header must say on this engine with no flags once the search is over (throws if not). */
export type Expected = (header: Header) => void;

/** Opens the app (with `query`) and waits until it is ready to start: a backend in the training worker. */
export async function openApp(page: PageDriver, url: string, timeoutMs = 120_000): Promise<void> {
  await page.goto(url);
  await waitForAttr(page, 'status-bar', 'data-state', 'ready', timeoutMs);
}

/**
 * Waits until the background search for a faster backend is over (each of its attempts has its
 * own limit; a stalled worker is restarted) and reads what the header says then.
 */
export async function settledHeader(page: PageDriver, timeoutMs = 120_000): Promise<Header> {
  await waitForAttr(page, 'status-bar', 'data-search', /^(none|adopted|failed)$/, timeoutMs);
  return {
    backend: (await helper<string>(page, 'text', 'backend-name'))?.trim() ?? '',
    kind: await helper<string | null>(page, 'attr', 'backend-notice', 'data-kind'),
    text: (await helper<string>(page, 'text', 'backend-notice')) ?? '',
  };
}

const idle = (page: PageDriver) => waitForAttr(page, 'progress', 'data-status', 'idle');

export function newcomerTests(session: () => Session, expected: Expected): void {
  let page: PageDriver;
  let link = '';
  let chartKeys: string | null = null;
  let seeds: string | null = null;

  test('opens with no flags, ready at once on wasm, and says what it trains on and what it is still trying', async () => {
    const { browser, url } = session();
    page = await browser.newPage();
    const started = Date.now();
    await openApp(page, url);
    console.log(`ready ${((Date.now() - started) / 1000).toFixed(1)} s after the page was asked for`);
    assert.equal((await helper<string>(page, 'text', 'backend-name'))?.trim(), 'wasm');
    // Either the search is still on (its sentence) or it is over (the backend's own notice): the header says which.
    const search = await helper<string | null>(page, 'text', 'backend-search');
    const notice = await helper<string | null>(page, 'text', 'backend-notice');
    assert.ok(search?.includes('in the background') || notice, `the header says nothing about the backend: ${search} / ${notice}`);
    assert.equal(await helper(page, 'value', 'Preset'), 'agon-vs-grpo');
  });

  test('runs the Micro preset at once, search or not: the round view and the plot', async () => {
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

  test('once the search is over, names the backend it trains on from now on, and why', async () => {
    expected(await settledHeader(page));
    assert.equal(await helper(page, 'attr', 'progress', 'data-status'), 'complete');
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
