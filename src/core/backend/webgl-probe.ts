/**
 * What renders WebGL here, read from a throwaway context before tfjs makes its own.
 * Headless Chromium without a GPU reports (in a worker, through WEBGL_debug_renderer_info)
 * "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)".
 */
import { softwareRendererIn, type RendererProbe } from './software';

// Minimal structural WebGL types, as in webgpu-probe.ts: no DOM lib needed, works in a worker and in Node.
interface GlLike {
  readonly RENDERER: number;
  getParameter(name: number): unknown;
  getExtension(name: string): unknown;
}
interface CanvasLike {
  getContext(kind: 'webgl2' | 'webgl'): GlLike | null;
}
type CanvasConstructor = new (width: number, height: number) => CanvasLike;

/** UNMASKED_RENDERER_WEBGL of WEBGL_debug_renderer_info: the driver's own name for the renderer. */
const UNMASKED_RENDERER = 0x9246;

function rendererTexts(gl: GlLike): string[] {
  const texts = [gl.getParameter(gl.RENDERER)];
  // Firefox dropped the extension but says "llvmpipe, or similar" in RENDERER itself.
  if (gl.getExtension('WEBGL_debug_renderer_info')) texts.push(gl.getParameter(UNMASKED_RENDERER));
  return texts.filter((t): t is string => typeof t === 'string');
}

/** Lets the probe's context go now rather than at garbage collection (browsers cap live contexts). */
function release(gl: GlLike): void {
  const lose = gl.getExtension('WEBGL_lose_context') as { loseContext?: () => void } | null;
  lose?.loseContext?.();
}

/** The WebGL renderer's kind, or undefined where no context can be made to ask (Node, no OffscreenCanvas). */
export function probeWebGL(scope: unknown = globalThis): RendererProbe | undefined {
  const Canvas = (scope as { OffscreenCanvas?: CanvasConstructor }).OffscreenCanvas;
  if (typeof Canvas !== 'function') return undefined;
  try {
    const canvas = new Canvas(1, 1);
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return undefined;
    const software = softwareRendererIn(rendererTexts(gl));
    release(gl);
    return { software };
  } catch {
    // A renderer that cannot even be asked is left to tfjs's own initialisation to report.
    return undefined;
  }
}
