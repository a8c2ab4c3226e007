import { softwareRendererIn } from './software';
import type { AdapterSummary } from './types';

// Minimal structural WebGPU types, so this file needs neither the DOM lib's nor
// @webgpu/types' declarations and works on the main thread, in a worker and in Node.
interface AdapterInfoLike {
  vendor?: string;
  architecture?: string;
  description?: string;
  /** Recent Chromium (SwiftShader, Chromium 156: here, not on the adapter). */
  isFallbackAdapter?: boolean;
}
interface AdapterLike {
  /** Older Chromium, deprecated for info.isFallbackAdapter. */
  isFallbackAdapter?: boolean;
  info?: AdapterInfoLike;
  requestAdapterInfo?: () => Promise<AdapterInfoLike>;
}
interface GpuLike {
  requestAdapter(options?: { powerPreference?: 'low-power' | 'high-performance' }): Promise<AdapterLike | null>;
}

export type WebGPUProbe =
  /** `software` names the CPU emulation behind the adapter (see software.ts), null for a real GPU. */
  | { ok: true; adapter: AdapterSummary; software: string | null }
  | { ok: false; reason: string };

function gpuOf(scope: unknown): GpuLike | undefined {
  const nav = (scope as { navigator?: { gpu?: GpuLike } }).navigator;
  return nav?.gpu ?? undefined;
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

/** The software implementation behind an adapter: named from its info, else the browser's fallback flag. */
function softwareOf(info: AdapterInfoLike, fallback: boolean): string | null {
  const named = softwareRendererIn([info.vendor, info.architecture, info.description].filter((t): t is string => typeof t === 'string'));
  if (named) return named;
  return fallback ? 'fallback adapter' : null;
}

/**
 * Checks whether WebGPU can be used here and reads the adapter's description.
 * Uses the same power preference as tfjs-backend-webgpu's own factory.
 */
export async function probeWebGPU(scope: unknown = globalThis): Promise<WebGPUProbe> {
  const gpu = gpuOf(scope);
  if (!gpu) {
    return { ok: false, reason: 'no navigator.gpu in this environment (WebGPU unsupported or disabled)' };
  }
  let adapter: AdapterLike | null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch (err) {
    return { ok: false, reason: `requestAdapter failed: ${errorMessage(err)}` };
  }
  if (!adapter) {
    return { ok: false, reason: 'no WebGPU adapter available (navigator.gpu.requestAdapter() returned null)' };
  }
  let info: AdapterInfoLike = {};
  try {
    if (adapter.info) info = adapter.info;
    else if (typeof adapter.requestAdapterInfo === 'function') info = await adapter.requestAdapterInfo();
  } catch {
    // Adapter info is cosmetic; an adapter without it is still usable.
  }
  const fallback = adapter.isFallbackAdapter === true || info.isFallbackAdapter === true;
  const software = softwareOf(info, fallback);
  const summary: AdapterSummary = {
    // Empty where the browser does not report them (Firefox): describeAdapter says so.
    vendor: info.vendor ?? '',
    architecture: info.architecture ?? '',
    fallback,
  };
  if (info.description) summary.description = info.description;
  if (software) summary.software = software;
  return { ok: true, adapter: summary, software };
}
