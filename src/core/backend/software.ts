/**
 * Spotting a GPU backend that runs on the CPU. Chromium on a machine without a usable GPU
 * gives WebGPU and WebGL through SwiftShader, a CPU emulation: correct, but one training
 * step took 1.15 s there against 32 ms on wasm. Pure functions of what the browser
 * reports, so the choice is tested without a browser.
 */
import type { BackendName } from './types';

/** Software renderers by the names they report (adapter info or WebGL's UNMASKED_RENDERER). */
const SOFTWARE_RENDERERS: readonly [RegExp, string][] = [
  [/swiftshader/i, 'SwiftShader'],
  [/llvmpipe/i, 'llvmpipe'],
  [/softpipe/i, 'softpipe'],
  [/microsoft basic render driver/i, 'Microsoft Basic Render Driver'],
];

/** The software implementation `texts` name, or null when none does. */
export function softwareRendererIn(texts: readonly string[]): string | null {
  for (const [pattern, name] of SOFTWARE_RENDERERS) if (texts.some((t) => pattern.test(t))) return name;
  return null;
}

/** What probing a GPU backend found out about it: `software` names the CPU emulation, null when it is real hardware. */
export interface RendererProbe {
  software: string | null;
}

/**
 * Why `name` is passed over, or null to try it. Only in the default order: a backend the
 * user named (`forced`, e.g. `?backends=webgpu`) is always tried, software or not, and a
 * backend nobody could probe (`probe` undefined) is tried as before.
 */
export function softwareSkip(name: BackendName, probe: RendererProbe | undefined, forced: boolean): string | null {
  if (forced || !probe?.software) return null;
  if (name === 'webgpu') return `only a software adapter (${probe.software})`;
  if (name === 'webgl') return `a software renderer (${probe.software})`;
  return null;
}
