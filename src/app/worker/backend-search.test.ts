import { describe, expect, it } from 'vitest';
import { backendRequestFromUrl } from './backend-order';
import { quickStart, searchedFirst } from './backend-search';

describe('the quick start', () => {
  it('starts on wasm at once when the URL names no backends', () => {
    expect(quickStart(backendRequestFromUrl(''))).toEqual({ order: ['wasm'], forced: true });
    expect(quickStart(backendRequestFromUrl('?probe'))).toEqual({ order: ['wasm'], forced: true });
  });

  it('leaves a URL that names its backends to exactly what it named', () => {
    expect(quickStart(backendRequestFromUrl('?backends=wasm'))).toBeNull();
    expect(quickStart(backendRequestFromUrl('?backends=webgl,wasm'))).toBeNull();
    expect(quickStart(backendRequestFromUrl('?backends=webgpu'))).toBeNull();
  });

  it('does not start on wasm where the order has no wasm', () => {
    expect(quickStart({ order: ['webgpu', 'cpu'], forced: false })).toBeNull();
  });
});

describe('what the search tries before wasm', () => {
  it('names the backends ahead of wasm, none when wasm is first', () => {
    expect(searchedFirst(['webgpu', 'webgl', 'wasm', 'cpu'])).toEqual(['webgpu', 'webgl']);
    expect(searchedFirst(['wasm', 'cpu'])).toEqual([]);
    expect(searchedFirst(['webgpu'])).toEqual(['webgpu']);
  });
});
