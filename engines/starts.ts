/**
 * Starting the page again and again in one engine: the backend choice must end in "ready"
 * every time, within 30 s, with no flags and with every `?backends=` order. Firefox once hung
 * at "selecting…" in about half such starts, so one start proves nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Session } from './session';
import { openApp } from './newcomer';
import { helper } from './page-helpers';

const READY_WITHIN_MS = 30_000;

/** Starts the page `times` times with `query`; each must be ready in time, on a backend `check` accepts. */
export function startsTest(session: () => Session, query: string, times: number, check: (backend: string, notice: string) => void): void {
  test(`${query || 'no flags'}: ready within 30 s in ${times} of ${times} starts`, async () => {
    const seconds: number[] = [];
    for (let i = 0; i < times; i++) {
      const page = await session().browser.newPage();
      try {
        const started = Date.now();
        await openApp(page, `${session().url}${query}`, READY_WITHIN_MS);
        seconds.push((Date.now() - started) / 1000);
        check((await helper<string>(page, 'text', 'backend-name'))?.trim() ?? '', (await helper<string>(page, 'text', 'backend-notice')) ?? '');
      } catch (err) {
        assert.fail(`start ${i + 1} of ${times}: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        await page.close();
      }
    }
    console.log(`${query || 'no flags'}: ${times} of ${times} ready, slowest ${Math.max(...seconds).toFixed(1)} s`);
  });
}

/** Every order of `names`: webgpu,webgl,wasm and its five permutations. */
export function orders(names: string[]): string[][] {
  if (names.length <= 1) return [names];
  return names.flatMap((first, i) => orders([...names.slice(0, i), ...names.slice(i + 1)]).map((rest) => [first, ...rest]));
}
