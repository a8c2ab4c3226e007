import { describe, expect, it } from 'vitest';
import { searchNotice } from './backend-search-notice';

describe("the header's sentence about the background search", () => {
  it('says the page is ready on the quick start and what it is still trying', () => {
    expect(searchNotice({ state: 'searching', order: ['webgpu', 'webgl'] }, 'wasm')).toBe(
      'Ready at once on wasm (one thread); trying WebGPU and WebGL in the background. What it finds takes over before the next run.',
    );
    expect(searchNotice({ state: 'searching', order: [] }, 'wasm')).toContain('starting wasm with threads in the background');
  });

  it('says what it found, and that the run on screen stays where it is', () => {
    const info = { name: 'webgpu' as const, tried: [], crossOriginIsolated: true, probe: 'webgpu probe 8 ms a step against wasm 40 ms: webgpu' };
    expect(searchNotice({ state: 'found', info }, 'wasm')).toBe(
      'Found WebGPU (webgpu probe 8 ms a step against wasm 40 ms: webgpu): it takes over when this run ends. This run stays on wasm.',
    );
  });

  it('says why it stays on the quick start when the search found nothing', () => {
    expect(searchNotice({ state: 'failed', message: 'webgpu: no navigator.gpu' }, 'wasm')).toBe('The background search found no other backend (webgpu: no navigator.gpu); staying on wasm.');
  });

  it('leaves the word to the backend notice once the search is over, or when there was none', () => {
    expect(searchNotice({ state: 'adopted' }, 'wasm')).toBeNull();
    expect(searchNotice({ state: 'none' }, 'webgpu')).toBeNull();
  });
});
