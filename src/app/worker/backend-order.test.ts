import { describe, expect, it } from 'vitest';
import { backendOrderFromUrl, wasmThreadsFromUrl } from './backend-order';

describe('page settings from the URL', () => {
  it('reads the backend order, ignoring unknown names', () => {
    expect(backendOrderFromUrl('?backends=wasm,nope,cpu')).toEqual(['wasm', 'cpu']);
    expect(backendOrderFromUrl('')).toEqual(['webgpu', 'webgl', 'wasm', 'cpu']);
  });

  it('reads a wasm thread count of 1-8 and ignores anything else', () => {
    expect(wasmThreadsFromUrl('?threads=2')).toBe(2);
    expect(wasmThreadsFromUrl('?backends=wasm&threads=8')).toBe(8);
    for (const bad of ['', '?threads=', '?threads=0', '?threads=9', '?threads=1.5', '?threads=two']) expect(wasmThreadsFromUrl(bad), bad).toBeUndefined();
  });
});
