import { describe, expect, it } from 'vitest';
import type { BackendInfo } from '../../core/backend/types';
import { backendNotice } from './backend-notice';

const swiftshader = { vendor: 'google', architecture: 'swiftshader', fallback: true, software: 'SwiftShader' };

describe('backendNotice', () => {
  it('says nothing on WebGPU', () => {
    expect(backendNotice({ name: 'webgpu', adapter: swiftshader, tried: [{ name: 'webgpu', ok: true }] })).toBeNull();
  });

  it('says why software GPUs were passed over and how to force them', () => {
    const info: BackendInfo = {
      name: 'wasm',
      adapter: swiftshader,
      tried: [
        { name: 'webgpu', ok: false, error: 'only a software adapter (SwiftShader)', skipped: 'software' },
        { name: 'webgl', ok: false, error: 'a software renderer (SwiftShader)', skipped: 'software' },
        { name: 'wasm', ok: true },
      ],
    };
    expect(backendNotice(info)).toEqual({
      kind: 'software',
      text:
        'WebGPU skipped: only a software adapter (SwiftShader), slower than wasm here; ?backends=webgpu forces it. ' +
        'WebGL skipped: a software renderer (SwiftShader), slower than wasm here; ?backends=webgl forces it.',
    });
  });

  it('names a failure first, then any software skipped', () => {
    const info: BackendInfo = {
      name: 'wasm',
      tried: [
        { name: 'webgpu', ok: false, error: 'no WebGPU adapter available' },
        { name: 'webgl', ok: false, error: 'a software renderer (SwiftShader)', skipped: 'software' },
        { name: 'wasm', ok: true },
      ],
    };
    expect(backendNotice(info)).toEqual({
      kind: 'fallback',
      text: 'Not using WebGPU, training on wasm (slower) because webgpu: no WebGPU adapter available. WebGL skipped: a software renderer (SwiftShader), slower than wasm here; ?backends=webgl forces it.',
    });
  });

  it('says WebGPU was not requested when the URL left it out', () => {
    expect(backendNotice({ name: 'wasm', tried: [{ name: 'wasm', ok: true }] })).toEqual({ kind: 'not-requested', text: 'Not using WebGPU, training on wasm (slower) (WebGPU was not requested).' });
  });

  it('says the device was lost when a backend took over mid-run', () => {
    const text = 'WebGPU device lost after step 2 (destroyed); continued on wasm from step 1, its last saved checkpoint.';
    expect(backendNotice({ name: 'wasm', tried: [{ name: 'wasm', ok: true }], deviceLost: text })).toEqual({ kind: 'device-lost', text });
  });

  it('says what timing WebGPU against wasm found, and what else failed', () => {
    const probe = 'webgpu probe 310 ms a step against wasm 40 ms: wasm';
    const info: BackendInfo = {
      name: 'wasm',
      adapter: { vendor: '', architecture: '', fallback: true, software: 'fallback adapter' },
      probe,
      tried: [
        { name: 'webgpu', ok: false, error: probe, skipped: 'probe' },
        { name: 'webgl', ok: false, error: 'WebGL is not supported on this device' },
        { name: 'wasm', ok: true },
      ],
    };
    expect(backendNotice(info)).toEqual({
      kind: 'probe',
      text: `Training on wasm, WebGPU timed slower than wasm here (${probe}). ?backends=webgpu forces WebGPU. Also not used: webgl: WebGL is not supported on this device.`,
    });
    const faster = 'webgpu probe 8 ms a step against wasm 40 ms: webgpu';
    expect(backendNotice({ name: 'webgpu', probe: faster, tried: [{ name: 'webgpu', ok: true }] })).toEqual({ kind: 'probe', text: `Training on WebGPU, timed faster than wasm here (${faster}).` });
  });
});
