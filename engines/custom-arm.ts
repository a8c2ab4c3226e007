/**
 * A question of one's own, for any engine (driver.ts): add a variant of Agon in the Micro preset,
 * run it, share it with its results, and open the link in a fresh page, which shows the same
 * variant in the form and the same rows. On wasm, so the run takes the same path everywhere.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PageDriver } from './driver';
import { openApp } from './newcomer';
import { helper, waitFor, waitForAttr, waitForText } from './page-helpers';
import type { Session } from './session';

const NAME = 'double-bonus';

type Rows = [string, string][];

const rows = (page: PageDriver) => helper<Rows>(page, 'rows', 'results-table');

export function customArmTests(session: () => Session): void {
  let link = '';
  let shown: Rows = [];

  test('a variant of your own (bonus weight 2) runs beside Agon in Micro and shows as a row of its own', async () => {
    const page = await session().browser.newPage();
    try {
      await openApp(page, `${session().url}?backends=wasm`);
      await helper(page, 'set', 'Preset', 'micro');
      await waitFor('the micro preset', () => helper(page, 'value', 'Preset'), (v) => v === 'micro');
      await helper(page, 'methods', ['agon', 'zero-shot']);
      await helper(page, 'click', 'Add a variant');
      await waitFor('the new variant', () => helper(page, 'valueIn', 'variant-0', 'name'), (v) => v === 'variant-1');
      await helper(page, 'setIn', 'variant-0', 'name', NAME);
      await helper(page, 'setIn', 'variant-0', 'bonus_weight', '2');
      await waitForText(page, 'variant-line', "Agon's fields but bonus_weight 2");
      await helper(page, 'click', 'Start');
      await waitForAttr(page, 'progress', 'data-status', 'complete', 300_000);
      shown = await rows(page);
      assert.deepEqual(shown.map(([name]) => name), ['agon', 'zero-shot', NAME]);
      assert.ok(shown.every(([, pass]) => /\d/.test(pass)), JSON.stringify(shown));
      assert.equal(await helper(page, 'attr', 'chart-pass-at-1', 'data-keys'), `agon,zero-shot,${NAME}`);

      await helper(page, 'check', 'include the results');
      await helper(page, 'click', 'Share');
      await waitForText(page, 'share-status', 'config and results');
      link = (await helper<string>(page, 'value', 'share link')) ?? '';
      assert.match(link, /#agon=1\./);
    } finally {
      await page.close();
    }
  });

  test('its share link opens in a fresh page with the same variant and the same results', async () => {
    assert.ok(link, 'the run before made no link');
    const fresh = await session().browser.newPage();
    try {
      await fresh.goto(link);
      await waitForText(fresh, 'link-notice', 'with its results');
      assert.equal(await helper(fresh, 'valueIn', 'variant-0', 'name'), NAME);
      assert.equal(await helper(fresh, 'valueIn', 'variant-0', 'bonus_weight'), '2');
      assert.equal(await helper(fresh, 'count', 'received-results'), 1);
      await waitFor('the shared rows', () => rows(fresh), (got) => JSON.stringify(got) === JSON.stringify(shown));
    } finally {
      await fresh.close();
    }
  });
}
