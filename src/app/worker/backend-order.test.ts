import { describe, expect, it } from 'vitest';
import { alwaysProbeFromUrl, attemptLimitFromUrl, backendRequestFromUrl, wasmThreadsFromUrl } from './backend-order';

describe('page settings from the URL', () => {
  it('reads the backend order, ignoring unknown names; a named order is forced', () => {
    expect(backendRequestFromUrl('?backends=wasm,nope,cpu')).toEqual({ order: ['wasm', 'cpu'], forced: true });
    expect(backendRequestFromUrl('?backends=webgpu')).toEqual({ order: ['webgpu'], forced: true });
  });

  it('without a usable ?backends=, tries the default order and may pass over software', () => {
    for (const search of ['', '?threads=2', '?backends=', '?backends=nope']) {
      expect(backendRequestFromUrl(search), search).toEqual({ order: ['webgpu', 'webgl', 'wasm', 'cpu'], forced: false });
    }
  });

  it('reads a wasm thread count of 1-8 and ignores anything else', () => {
    expect(wasmThreadsFromUrl('?threads=2')).toBe(2);
    expect(wasmThreadsFromUrl('?backends=wasm&threads=8')).toBe(8);
    for (const bad of ['', '?threads=', '?threads=0', '?threads=9', '?threads=1.5', '?threads=two']) expect(wasmThreadsFromUrl(bad), bad).toBeUndefined();
  });

  it('reads ?probe, and an attempt limit of 0.5-120 s in ms', () => {
    expect(alwaysProbeFromUrl('?probe')).toBe(true);
    expect(alwaysProbeFromUrl('?backends=wasm')).toBe(false);
    expect(attemptLimitFromUrl('?attempt-limit=2')).toBe(2000);
    expect(attemptLimitFromUrl('?attempt-limit=0.5')).toBe(500);
    for (const bad of ['', '?attempt-limit=', '?attempt-limit=0.1', '?attempt-limit=121', '?attempt-limit=soon']) expect(attemptLimitFromUrl(bad), bad).toBeUndefined();
  });
});
