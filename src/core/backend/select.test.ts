import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { describeAdapter, probeWebGPU, selectBackend } from './index';

describe('probeWebGPU', () => {
  it('reports a missing navigator.gpu', async () => {
    const probe = await probeWebGPU({ navigator: {} });
    expect(probe).toEqual({ ok: false, reason: expect.stringContaining('no navigator.gpu') });
  });

  it('reports a null adapter', async () => {
    const probe = await probeWebGPU({ navigator: { gpu: { requestAdapter: async () => null } } });
    expect(probe.ok).toBe(false);
    if (!probe.ok) expect(probe.reason).toContain('no WebGPU adapter');
  });

  it('reads adapter.info, else requestAdapterInfo()', async () => {
    const withInfo = { info: { vendor: 'google', architecture: 'swiftshader', description: '' } };
    const legacy = { requestAdapterInfo: async () => ({ vendor: 'acme', architecture: 'x1', description: 'X1 GPU' }) };
    expect(await probeWebGPU({ navigator: { gpu: { requestAdapter: async () => withInfo } } })).toEqual({
      ok: true,
      adapter: { vendor: 'google', architecture: 'swiftshader', fallback: false, software: 'SwiftShader' },
      software: 'SwiftShader',
    });
    expect(await probeWebGPU({ navigator: { gpu: { requestAdapter: async () => legacy } } })).toEqual({
      ok: true,
      adapter: { vendor: 'acme', architecture: 'x1', description: 'X1 GPU', fallback: false },
      software: null,
    });
  });

  it('takes a fallback flag on the info (Chromium 156) or on the adapter (older) as software', async () => {
    const probe = (adapter: object) => probeWebGPU({ navigator: { gpu: { requestAdapter: async () => adapter } } });
    expect(await probe({ info: { vendor: 'acme', architecture: 'x1', isFallbackAdapter: true } })).toMatchObject({ ok: true, software: 'fallback adapter' });
    expect(await probe({ isFallbackAdapter: true, info: { vendor: 'acme', architecture: 'x1' } })).toMatchObject({ ok: true, software: 'fallback adapter' });
    expect(await probe({ isFallbackAdapter: false, info: { vendor: 'acme', architecture: 'x1', isFallbackAdapter: false } })).toMatchObject({ ok: true, software: null });
  });

  it("names lavapipe through Dawn (what Mesa 25 reports) as software and fallback, and a GPU as a GPU", async () => {
    const probe = (info: object) => probeWebGPU({ navigator: { gpu: { requestAdapter: async () => ({ info }) } } });
    const lavapipe = await probe({ vendor: 'mesa', architecture: 'software', description: 'llvmpipe: Mesa 25.0.7-2~bpo12+1 (LLVM 15.0.6) 0.0.1', isFallbackAdapter: true });
    expect(lavapipe).toMatchObject({ ok: true, software: 'llvmpipe', adapter: { fallback: true, software: 'llvmpipe' } });
    if (lavapipe.ok) expect(describeAdapter(lavapipe.adapter)).toBe('mesa / software (llvmpipe: Mesa 25.0.7-2~bpo12+1 (LLVM 15.0.6) 0.0.1), software: llvmpipe, fallback adapter');
    const gpu = await probe({ vendor: 'nvidia', architecture: 'hopper', description: 'NVIDIA H200', isFallbackAdapter: false });
    if (gpu.ok) expect(describeAdapter(gpu.adapter)).toBe('nvidia / hopper (NVIDIA H200), GPU');
    expect(gpu.ok).toBe(true);
  });

  it("keeps an adapter's empty names empty (Firefox), and says it was not reported", async () => {
    const probe = await probeWebGPU({ navigator: { gpu: { requestAdapter: async () => ({ info: { vendor: '', architecture: '', description: '', isFallbackAdapter: true } }) } } });
    expect(probe).toEqual({ ok: true, adapter: { vendor: '', architecture: '', fallback: true, software: 'fallback adapter' }, software: 'fallback adapter' });
    if (probe.ok) expect(describeAdapter(probe.adapter)).toBe('adapter not reported by this browser, fallback adapter');
  });

  it('reports a throwing requestAdapter', async () => {
    const gpu = { requestAdapter: async () => { throw new Error('boom'); } };
    const probe = await probeWebGPU({ navigator: { gpu } });
    expect(probe).toEqual({ ok: false, reason: 'requestAdapter failed: boom' });
  });
});

describe('selectBackend in Node', () => {
  it('falls back past webgpu and webgl, with reasons', async () => {
    const info = await selectBackend(['webgpu', 'webgl', 'cpu']);
    expect(info.name).toBe('cpu');
    expect(tf.getBackend()).toBe('cpu');
    expect(info.adapter).toBeUndefined();
    expect(info.tried.map((t) => [t.name, t.ok])).toEqual([
      ['webgpu', false],
      ['webgl', false],
      ['cpu', true],
    ]);
    expect(info.fallbackReason).toMatch(/^webgpu: no navigator\.gpu.*; webgl: /);
  });

  it('initialises wasm from the package files', async () => {
    const info = await selectBackend(['wasm']);
    expect(info).toEqual({ name: 'wasm', tried: [{ name: 'wasm', ok: true }] });
    expect(tf.getBackend()).toBe('wasm');
  });

  it('has no fallbackReason when the first choice works', async () => {
    const info = await selectBackend(['cpu', 'wasm']);
    expect(info.fallbackReason).toBeUndefined();
    expect(info.name).toBe('cpu');
  });

  it('passes over a software WebGPU adapter when asked to, keeping the adapter to show', async () => {
    const swiftshader = async () => ({ ok: true as const, adapter: { vendor: 'google', architecture: 'swiftshader', fallback: true, software: 'SwiftShader' }, software: 'SwiftShader' });
    const info = await selectBackend(['webgpu', 'webgl', 'wasm'], { avoidSoftware: true, probeWebGPU: swiftshader, probeWebGL: () => ({ software: 'SwiftShader' }) });
    expect(info.name).toBe('wasm');
    expect(info.adapter).toEqual({ vendor: 'google', architecture: 'swiftshader', fallback: true, software: 'SwiftShader' });
    expect(info.tried).toEqual([
      { name: 'webgpu', ok: false, error: 'only a software adapter (SwiftShader)', skipped: 'software' },
      { name: 'webgl', ok: false, error: 'a software renderer (SwiftShader)', skipped: 'software' },
      { name: 'wasm', ok: true },
    ]);
    expect(info.fallbackReason).toBe('webgpu: only a software adapter (SwiftShader); webgl: a software renderer (SwiftShader)');
  });

  it('tries a software adapter when the caller named the backends (the default)', async () => {
    const swiftshader = async () => ({ ok: true as const, adapter: { vendor: 'google', architecture: 'swiftshader', fallback: true, software: 'SwiftShader' }, software: 'SwiftShader' });
    const info = await selectBackend(['webgpu', 'wasm'], { probeWebGPU: swiftshader });
    // Tried, not skipped: in Node the webgpu backend is not registered, so it fails for that reason.
    expect(info.tried[0]).toEqual({ name: 'webgpu', ok: false, error: 'backend not registered in this environment' });
  });

  it('rejects an empty preference list', async () => {
    await expect(selectBackend([])).rejects.toThrow(/no backends/);
  });
});
