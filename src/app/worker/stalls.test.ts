import { describe, expect, it } from 'vitest';
import { afterStalls } from './stalls';

describe('afterStalls', () => {
  it('changes nothing when nothing stalled', () => {
    expect(afterStalls(['webgpu', 'webgl', 'wasm', 'cpu'], [])).toEqual({ order: ['webgpu', 'webgl', 'wasm', 'cpu'], earlier: [], wasmWithoutThreads: false });
  });

  it('reports a wasm stall first and retries wasm once without threads', () => {
    expect(afterStalls(['webgl', 'wasm'], [{ name: 'wasm', limitMs: 8000 }])).toEqual({
      order: ['webgl', 'wasm'],
      earlier: [{ name: 'wasm', ok: false, error: 'no answer in 8 s, the page gave its worker up; retried without threads' }],
      wasmWithoutThreads: true,
    });
  });

  it('does not try again a backend that stalled, nor wasm a second time', () => {
    const after = afterStalls(['webgpu', 'wasm', 'cpu'], [{ name: 'webgpu', limitMs: 8000 }, { name: 'wasm', limitMs: 8000 }, { name: 'wasm', limitMs: 8000 }]);
    expect(after.order).toEqual(['cpu']);
    expect(after.wasmWithoutThreads).toBe(false);
    expect(after.earlier.map((a) => a.error)).toEqual(Array(3).fill('no answer in 8 s, the page gave its worker up'));
  });
});
