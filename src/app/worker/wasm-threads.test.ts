import { describe, expect, it } from 'vitest';
import { selectBackend } from '../../core/backend';
import { threadingOf, withWasmThreads } from './wasm-threads';

/** A navigator whose hardwareConcurrency comes from its prototype, as in a browser. */
const fakeNavigator = (cores: number) => Object.create({ get hardwareConcurrency() { return cores; } }) as Navigator;

describe('withWasmThreads', () => {
  it('makes hardwareConcurrency read 2 * threads only while the backend is selected', async () => {
    const nav = fakeNavigator(2);
    const seen = await withWasmThreads(2, async () => nav.hardwareConcurrency, nav);
    expect(seen).toBe(4);
    expect(nav.hardwareConcurrency).toBe(2);
  });

  it('restores it when the selection throws', async () => {
    const nav = fakeNavigator(6);
    await expect(withWasmThreads(3, async () => { throw new Error('no backend'); }, nav)).rejects.toThrow('no backend');
    expect(nav.hardwareConcurrency).toBe(6);
  });

  it("leaves tfjs's own choice alone when no count is asked for", async () => {
    const nav = fakeNavigator(2);
    expect(await withWasmThreads(undefined, async () => nav.hardwareConcurrency, nav)).toBe(2);
  });
});

describe('threadingOf', () => {
  it('reports isolation, and wasm threads only for wasm', async () => {
    expect(threadingOf('cpu', {})).toEqual({ crossOriginIsolated: false });
    await selectBackend(['wasm']);
    // Node runs the single-threaded wasm binary.
    expect(threadingOf('wasm', { crossOriginIsolated: true })).toEqual({ crossOriginIsolated: true, wasmThreads: 1 });
  });
});
