import { describe, expect, it } from 'vitest';
import { probeWebGL } from './webgl-probe';

const RENDERER = 0x1f01;
const UNMASKED_RENDERER = 0x9246;

/** An OffscreenCanvas stand-in whose WebGL context reports `renderer` (and `unmasked` through the debug extension, when given). */
function scopeWith(renderer: string, unmasked?: string, kinds: string[] = ['webgl2']) {
  const lost: boolean[] = [];
  const gl = {
    RENDERER,
    getParameter: (p: number) => (p === RENDERER ? renderer : p === UNMASKED_RENDERER ? unmasked : null),
    getExtension: (name: string) => {
      if (name === 'WEBGL_debug_renderer_info') return unmasked === undefined ? null : {};
      if (name === 'WEBGL_lose_context') return { loseContext: () => lost.push(true) };
      return null;
    },
  };
  class OffscreenCanvas {
    getContext(kind: string) {
      return kinds.includes(kind) ? gl : null;
    }
  }
  return { scope: { OffscreenCanvas }, lost };
}

describe('probeWebGL', () => {
  it('finds SwiftShader behind the masked renderer name, and lets the context go', () => {
    const { scope, lost } = scopeWith('WebKit WebGL', 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)');
    expect(probeWebGL(scope)).toEqual({ software: 'SwiftShader' });
    expect(lost).toEqual([true]);
  });

  it('reads RENDERER where the debug extension is gone, and falls back to WebGL 1', () => {
    expect(probeWebGL(scopeWith('llvmpipe, or similar', undefined, ['webgl']).scope)).toEqual({ software: 'llvmpipe' });
  });

  it('reports a real GPU as hardware', () => {
    expect(probeWebGL(scopeWith('WebKit WebGL', 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3080 Direct3D11 vs_5_0 ps_5_0)').scope)).toEqual({ software: null });
  });

  it('knows nothing without OffscreenCanvas, a context, or when asking throws', () => {
    expect(probeWebGL({})).toBeUndefined();
    expect(probeWebGL(scopeWith('x', undefined, []).scope)).toBeUndefined();
    class Throwing {
      constructor() {
        throw new Error('no canvas here');
      }
    }
    expect(probeWebGL({ OffscreenCanvas: Throwing })).toBeUndefined();
  });
});
