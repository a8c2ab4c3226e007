/**
 * Starting the page again and again in one engine: the page must be ready every time, and the
 * backend choice (the background search, with no flags) must end, with no flags and with every
 * `?backends=` order. Firefox once hung at "selecting…" in about half such starts, so one start
 * proves nothing. The limits are caps on work that ends, not bounds on speed: how long each start
 * took is printed, and docs/benchmarks.md measures it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Session } from './session';
import { openApp, settledHeader, type Expected } from './newcomer';

/**
 * A cap on the start, from the work it may take: each backend the page tries gets its attempt
 * limit and the watchdog's grace (10 s), one stalled worker may be restarted, and 60 s covers the
 * page and worker loads on a busy machine. With no flags only the quick wasm start counts.
 */
function readyCap(query: string): number {
  const named = new URLSearchParams(query).get('backends')?.split(',').length ?? 1;
  return 60_000 + (named + 1) * 10_000;
}

/** Starts the page `times` times with `query`; each must be ready in time, on a backend `check` accepts. */
export function startsTest(session: () => Session, query: string, times: number, check: Expected): void {
  test(`${query || 'no flags'}: ready, and the backend choice ends, in ${times} of ${times} starts`, async () => {
    const seconds: number[] = [];
    for (let i = 0; i < times; i++) {
      const page = await session().browser.newPage();
      try {
        const started = Date.now();
        await openApp(page, `${session().url}${query}`, readyCap(query));
        seconds.push((Date.now() - started) / 1000);
        check(await settledHeader(page));
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
