import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKEND_ORDER, type BackendName } from './types';
import { softwareRendererIn, softwareSkip, type RendererProbe } from './software';

/** What Chromium 156 headless reported on a machine without a GPU (WebGL renderer read in a worker). */
const SWIFTSHADER_GL = 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)';

/** The decision over a whole order: which backends would be tried, and which passed over with what reason. */
function plan(order: readonly BackendName[], probes: Partial<Record<BackendName, RendererProbe>>, forced: boolean) {
  return order.map((name) => ({ name, skip: softwareSkip(name, probes[name], forced) }));
}

const software: RendererProbe = { software: 'SwiftShader' };
const hardware: RendererProbe = { software: null };

describe('softwareRendererIn', () => {
  it('names SwiftShader and other CPU renderers, whatever the case', () => {
    expect(softwareRendererIn(['google', 'swiftshader'])).toBe('SwiftShader');
    expect(softwareRendererIn(['WebKit WebGL', SWIFTSHADER_GL])).toBe('SwiftShader');
    expect(softwareRendererIn(['llvmpipe, or similar'])).toBe('llvmpipe');
    expect(softwareRendererIn(['Microsoft Basic Render Driver'])).toBe('Microsoft Basic Render Driver');
  });

  it('finds nothing in a real GPU', () => {
    expect(softwareRendererIn(['nvidia', 'ampere', 'NVIDIA GeForce RTX 3080'])).toBeNull();
    expect(softwareRendererIn(['ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)'])).toBeNull();
    expect(softwareRendererIn([])).toBeNull();
  });
});

describe('softwareSkip over the default order', () => {
  it('a real WebGPU adapter: WebGPU is tried first', () => {
    expect(plan(DEFAULT_BACKEND_ORDER, { webgpu: hardware, webgl: hardware }, false).every((p) => p.skip === null)).toBe(true);
  });

  it('a software WebGPU adapter and WebGL renderer: both passed over, saying why; wasm and cpu tried', () => {
    expect(plan(DEFAULT_BACKEND_ORDER, { webgpu: software, webgl: software }, false)).toEqual([
      { name: 'webgpu', skip: 'only a software adapter (SwiftShader)' },
      { name: 'webgl', skip: 'a software renderer (SwiftShader)' },
      { name: 'wasm', skip: null },
      { name: 'cpu', skip: null },
    ]);
  });

  it('a software WebGPU adapter beside a real WebGL: WebGL is tried', () => {
    expect(plan(DEFAULT_BACKEND_ORDER, { webgpu: software, webgl: hardware }, false).map((p) => p.skip)).toEqual(['only a software adapter (SwiftShader)', null, null, null]);
  });

  it('a flagged fallback adapter without a name is passed over too', () => {
    expect(softwareSkip('webgpu', { software: 'fallback adapter' }, false)).toBe('only a software adapter (fallback adapter)');
  });

  it('a backend nobody could probe is tried', () => {
    expect(plan(DEFAULT_BACKEND_ORDER, {}, false).every((p) => p.skip === null)).toBe(true);
  });
});

describe('softwareSkip with ?backends= (forced)', () => {
  it('tries what the URL named, software or not', () => {
    expect(plan(['webgpu'], { webgpu: software }, true)).toEqual([{ name: 'webgpu', skip: null }]);
    expect(plan(['webgl', 'wasm'], { webgl: software }, true).every((p) => p.skip === null)).toBe(true);
  });
});
