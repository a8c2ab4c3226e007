import { describe, expect, it } from 'vitest';
import { adapterReported, decide, needsSpeedProbe, rememberedVerdict, rememberVerdict, verdictText } from './speed-probe';
import type { AdapterSummary } from './types';

const firefoxLavapipe: AdapterSummary = { vendor: '', architecture: '', fallback: true, software: 'fallback adapter' };
const swiftshader: AdapterSummary = { vendor: 'google', architecture: 'swiftshader', fallback: true, software: 'SwiftShader' };
const gpu: AdapterSummary = { vendor: 'nvidia', architecture: 'hopper', description: 'NVIDIA H200', fallback: false };

describe('which adapters are timed', () => {
  it('times an adapter that hides its identity, or that only a fallback flag calls software', () => {
    expect(adapterReported(firefoxLavapipe)).toBe(false);
    expect(needsSpeedProbe(firefoxLavapipe)).toBe(true);
    expect(needsSpeedProbe({ vendor: '', architecture: '', fallback: false })).toBe(true);
    expect(needsSpeedProbe({ vendor: 'acme', architecture: 'x1', fallback: true, software: 'fallback adapter' })).toBe(true);
  });

  it('trusts a named software renderer and a named GPU', () => {
    expect(needsSpeedProbe(swiftshader)).toBe(false);
    expect(needsSpeedProbe(gpu)).toBe(false);
  });
});

describe('the verdict', () => {
  it('picks the faster, webgpu on a tie', () => {
    expect(decide(310, 40, 8000).winner).toBe('wasm');
    expect(decide(20, 40, 8000).winner).toBe('webgpu');
    expect(decide(40, 40, 8000).winner).toBe('webgpu');
  });

  it('lets a side that did not answer lose; wasm wins when neither did', () => {
    expect(decide(null, 40, 8000).winner).toBe('wasm');
    expect(decide(300, null, 8000).winner).toBe('webgpu');
    expect(decide(null, null, 8000).winner).toBe('wasm');
  });

  it('reads as the header shows it', () => {
    expect(verdictText(decide(310.4, 40.2, 8000))).toBe('webgpu probe 310 ms a step against wasm 40 ms: wasm');
    expect(verdictText(decide(null, 40, 8000))).toBe('webgpu probe no answer in 8 s against wasm 40 ms: wasm');
  });

  it('is remembered per adapter', () => {
    const verdict = decide(310, 40, 8000);
    expect(rememberedVerdict(firefoxLavapipe)).toBeUndefined();
    rememberVerdict(firefoxLavapipe, verdict);
    expect(rememberedVerdict({ ...firefoxLavapipe })).toEqual(verdict);
    expect(rememberedVerdict({ ...firefoxLavapipe, fallback: false })).toBeUndefined();
  });
});
