import { describe, expect, it } from 'vitest';
import { attemptBackend, type BackendHost } from './attempt';
import { formatSeconds } from './time-limit';
import type { BackendName } from './types';

/** A host whose start does what `starts` says, and which records every call. */
function fakeHost(starts: Partial<Record<BackendName, () => Promise<string | null>>>): BackendHost & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    start: (name) => {
      calls.push(`start ${name}`);
      return (starts[name] ?? (async () => null))();
    },
    dispose: (name) => {
      calls.push(`dispose ${name}`);
    },
  };
}

describe('attemptBackend', () => {
  it('keeps a backend that starts', async () => {
    const host = fakeHost({});
    expect(await attemptBackend('wasm', host, 1000)).toEqual({ name: 'wasm', ok: true });
    expect(host.calls).toEqual(['start wasm']);
  });

  it('disposes of a backend that fails, with its reason', async () => {
    const host = fakeHost({ webgl: async () => 'WebGL is not supported on this device' });
    expect(await attemptBackend('webgl', host, 1000)).toEqual({ name: 'webgl', ok: false, error: 'WebGL is not supported on this device' });
    expect(host.calls).toEqual(['start webgl', 'dispose webgl']);
  });

  it('disposes of a backend whose start throws', async () => {
    const host = fakeHost({ webgpu: () => Promise.reject(new Error('requestDevice failed')) });
    expect(await attemptBackend('webgpu', host, 1000)).toEqual({ name: 'webgpu', ok: false, error: 'requestDevice failed' });
    expect(host.calls).toEqual(['start webgpu', 'dispose webgpu']);
  });

  it('gives up on a backend that never answers, names the limit, and disposes of it', async () => {
    const host = fakeHost({ webgl: () => new Promise<never>(() => {}) });
    const started = Date.now();
    expect(await attemptBackend('webgl', host, 100)).toEqual({ name: 'webgl', ok: false, error: 'no answer in 0.1 s' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(host.calls).toEqual(['start webgl', 'dispose webgl']);
  });
});

describe('formatSeconds', () => {
  it('reads as the header says it', () => {
    expect(formatSeconds(8000)).toBe('8 s');
    expect(formatSeconds(2500)).toBe('2.5 s');
  });
});
