import { describe, expect, it } from 'vitest';
import type { BackendHost } from './attempt';
import { selectBackend } from './select';
import type { AdapterSummary, BackendName } from './types';

/** Fake backends: each start does what `starts` says (default: works); every call is recorded, and `current` is what a real engine would now run. */
function fakeHost(starts: Partial<Record<BackendName, () => Promise<string | null>>> = {}) {
  const calls: string[] = [];
  const host: BackendHost & { calls: string[]; current: BackendName | null } = {
    calls,
    current: null,
    start: async (name) => {
      calls.push(`start ${name}`);
      const outcome = await (starts[name] ?? (async () => null))();
      if (outcome === null) host.current = name;
      return outcome;
    },
    dispose: (name) => {
      calls.push(`dispose ${name}`);
      if (host.current === name) host.current = null;
    },
  };
  return host;
}

const adapterProbe = (adapter: AdapterSummary) => async () => ({ ok: true as const, adapter, software: adapter.software ?? null });
/**
 * A distinct adapter per test, since verdicts are remembered per adapter for the module's life:
 * hidden(0) reports nothing (Firefox); the others name a vendor that only the fallback flag calls software.
 */
const hidden = (n: number): AdapterSummary =>
  n === 0 ? { vendor: '', architecture: '', fallback: true, software: 'fallback adapter' } : { vendor: `unnamed ${n}`, architecture: '', fallback: true, software: 'fallback adapter' };
const never = () => new Promise<never>(() => {});

/** A timer of the probe's steps that says `ms` for whichever backend is current. */
const timing = (host: { current: BackendName | null }, ms: Partial<Record<BackendName, number>>) => async () => ms[host.current ?? 'cpu'] ?? 1;

describe('selectBackend: time limits', () => {
  it('gives up on a webgl start that never answers, disposes of it, and starts wasm cleanly after it', async () => {
    const host = fakeHost({ webgl: never });
    const announced: string[] = [];
    const info = await selectBackend(['webgl', 'wasm'], { host, limitMs: 100, onAttempt: (name, ms) => announced.push(`${name} ${ms}`) });
    expect(info.name).toBe('wasm');
    expect(info.tried).toEqual([{ name: 'webgl', ok: false, error: 'no answer in 0.1 s' }, { name: 'wasm', ok: true }]);
    expect(info.fallbackReason).toBe('webgl: no answer in 0.1 s');
    // Disposed of before wasm started.
    expect(host.calls).toEqual(['start webgl', 'dispose webgl', 'start wasm']);
    expect(announced).toEqual(['webgl 100', 'wasm 100']);
  });

  it('reports the attempts an earlier worker gave up on first', async () => {
    const info = await selectBackend(['wasm'], { host: fakeHost(), earlier: [{ name: 'wasm', ok: false, error: 'no answer in 8 s' }] });
    expect(info.tried).toEqual([{ name: 'wasm', ok: false, error: 'no answer in 8 s' }, { name: 'wasm', ok: true }]);
  });
});

describe('selectBackend: timing WebGPU against wasm where the adapter does not say what it is', () => {
  it('times both, keeps wasm when it is faster, disposes of webgpu, and says why', async () => {
    const host = fakeHost({ webgl: async () => 'WebGL is not supported on this device' });
    const info = await selectBackend(['webgpu', 'webgl', 'wasm', 'cpu'], {
      host,
      avoidSoftware: true,
      probeWebGPU: adapterProbe(hidden(0)),
      timeStep: timing(host, { webgpu: 310, wasm: 40 }),
    });
    expect(info.name).toBe('wasm');
    expect(info.probe).toBe('webgpu probe 310 ms a step against wasm 40 ms: wasm');
    expect(info.tried[0]).toEqual({ name: 'webgpu', ok: false, error: 'webgpu probe 310 ms a step against wasm 40 ms: wasm', skipped: 'probe' });
    expect(host.calls).toEqual(['start wasm', 'start webgpu', 'dispose webgpu', 'start webgl', 'dispose webgl', 'start wasm']);
  });

  it('remembers the verdict for the adapter: the next selection starts neither to time them', async () => {
    const adapter = hidden(1);
    const first = fakeHost();
    await selectBackend(['webgpu', 'wasm'], { host: first, avoidSoftware: true, probeWebGPU: adapterProbe(adapter), timeStep: timing(first, { webgpu: 500, wasm: 50 }) });
    const again = fakeHost();
    let timed = 0;
    const info = await selectBackend(['webgpu', 'wasm'], { host: again, avoidSoftware: true, probeWebGPU: adapterProbe(adapter), timeStep: async () => ++timed });
    expect(info.name).toBe('wasm');
    expect(info.probe).toBe('webgpu probe 500 ms a step against wasm 50 ms: wasm');
    expect(timed).toBe(0);
    expect(again.calls).toEqual(['start wasm']);
  });

  it('keeps webgpu when it is faster, and disposes of wasm', async () => {
    const host = fakeHost();
    const info = await selectBackend(['webgpu', 'wasm'], { host, avoidSoftware: true, probeWebGPU: adapterProbe(hidden(2)), timeStep: timing(host, { webgpu: 8, wasm: 40 }) });
    expect(info.name).toBe('webgpu');
    expect(info.probe).toBe('webgpu probe 8 ms a step against wasm 40 ms: webgpu');
    expect(host.calls).toEqual(['start wasm', 'start webgpu', 'dispose wasm', 'start webgpu']);
  });

  it('lets a side whose steps never finish lose, under the limit', async () => {
    const host = fakeHost();
    const info = await selectBackend(['webgpu', 'wasm'], {
      host,
      avoidSoftware: true,
      limitMs: 100,
      probeWebGPU: adapterProbe(hidden(3)),
      timeStep: () => (host.current === 'webgpu' ? never() : Promise.resolve(40)),
    });
    expect(info.name).toBe('wasm');
    expect(info.probe).toBe('webgpu probe no answer in 0.1 s against wasm 40 ms: wasm');
  });

  it('falls back to wasm with the reason when webgpu cannot even start, and remembers no verdict', async () => {
    const adapter = hidden(5);
    const host = fakeHost({ webgpu: async () => 'requestDevice failed' });
    const info = await selectBackend(['webgpu', 'wasm'], { host, avoidSoftware: true, probeWebGPU: adapterProbe(adapter), timeStep: timing(host, { wasm: 40 }) });
    expect(info.name).toBe('wasm');
    expect(info.probe).toBeUndefined();
    expect(info.fallbackReason).toBe('webgpu: requestDevice failed');
    expect(host.calls).toEqual(['start wasm', 'start webgpu', 'dispose webgpu', 'dispose wasm', 'start wasm']);
    // Not remembered: a later selection times them again.
    const again = fakeHost();
    let timed = 0;
    await selectBackend(['webgpu', 'wasm'], { host: again, avoidSoftware: true, probeWebGPU: adapterProbe(adapter), timeStep: async () => ++timed });
    expect(timed).toBe(2);
  });

  it('does not time a named software adapter, nor anything when the URL named the backends', async () => {
    const swiftshader: AdapterSummary = { vendor: 'google', architecture: 'swiftshader', fallback: true, software: 'SwiftShader' };
    let timed = 0;
    const timeStep = async () => ++timed;
    const skipped = await selectBackend(['webgpu', 'wasm'], { host: fakeHost(), avoidSoftware: true, probeWebGPU: adapterProbe(swiftshader), timeStep });
    expect(skipped.tried[0]).toMatchObject({ name: 'webgpu', skipped: 'software' });
    const forced = await selectBackend(['webgpu', 'wasm'], { host: fakeHost(), probeWebGPU: adapterProbe(hidden(4)), timeStep });
    expect(forced.name).toBe('webgpu');
    expect(forced.probe).toBeUndefined();
    expect(timed).toBe(0);
  });

  it('times even a named adapter when asked to (?probe)', async () => {
    const host = fakeHost();
    const swiftshader: AdapterSummary = { vendor: 'google', architecture: 'swiftshader', description: 'probe test', fallback: true, software: 'SwiftShader' };
    const info = await selectBackend(['webgpu', 'wasm'], { host, avoidSoftware: true, alwaysProbe: true, probeWebGPU: adapterProbe(swiftshader), timeStep: timing(host, { webgpu: 1150, wasm: 32 }) });
    expect(info.name).toBe('wasm');
    expect(info.probe).toBe('webgpu probe 1150 ms a step against wasm 32 ms: wasm');
  });
});
