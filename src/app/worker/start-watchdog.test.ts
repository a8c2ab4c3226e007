import { describe, expect, it } from 'vitest';
import { STALL_GRACE_MS, StartWatchdog, type Timers } from './start-watchdog';

/** Timers the test moves by hand. */
function manualTimers(): Timers & { advance(ms: number): void } {
  let now = 0;
  let pending: { at: number; fn: () => void; id: number }[] = [];
  let next = 0;
  return {
    set: (fn, ms) => {
      pending.push({ at: now + ms, fn, id: ++next });
      return next;
    },
    clear: (id) => {
      pending = pending.filter((p) => p.id !== id);
    },
    advance(ms) {
      now += ms;
      const due = pending.filter((p) => p.at <= now);
      pending = pending.filter((p) => p.at > now);
      for (const p of due) p.fn();
    },
  };
}

describe('StartWatchdog', () => {
  it('gives the worker up when an attempt outlives its limit and the grace period', () => {
    const timers = manualTimers();
    const stalls: string[] = [];
    const watchdog = new StartWatchdog((name, limitMs) => stalls.push(`${name} ${limitMs}`), timers);
    watchdog.attempt('wasm', 8000);
    timers.advance(8000 + STALL_GRACE_MS - 1);
    expect(stalls).toEqual([]);
    timers.advance(1);
    expect(stalls).toEqual(['wasm 8000']);
  });

  it('starts the clock again at each attempt, and stops it when the worker answers', () => {
    const timers = manualTimers();
    const stalls: string[] = [];
    const watchdog = new StartWatchdog((name) => stalls.push(name), timers);
    watchdog.attempt('webgpu', 1000);
    timers.advance(2000);
    watchdog.attempt('wasm', 1000);
    timers.advance(2000);
    watchdog.settled();
    timers.advance(60_000);
    expect(stalls).toEqual([]);
  });
});
