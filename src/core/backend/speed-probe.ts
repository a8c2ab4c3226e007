/**
 * When WebGPU's adapter does not say what it is, measure instead of guessing. Firefox reports
 * empty vendor and architecture (lavapipe there is only flagged as a fallback adapter), so the
 * name-based check in software.ts cannot tell a CPU emulation from a GPU. A few training steps
 * of the real model on webgpu and on wasm decide, and the verdict is kept per adapter for as
 * long as the module lives (the training worker: while the page is open).
 */
import type { AdapterSummary } from './types';
import { formatSeconds } from './time-limit';

/** What a probe measured: ms a training step on each (null: no answer within the limit). */
export interface SpeedVerdict {
  winner: 'webgpu' | 'wasm';
  webgpuMs: number | null;
  wasmMs: number | null;
  /** The limit a timing ran under, for the text of one that ran out. */
  limitMs: number;
}

/** Whether the adapter names itself: Firefox gives empty vendor, architecture and description. */
export function adapterReported(adapter: AdapterSummary): boolean {
  return [adapter.vendor, adapter.architecture, adapter.description].some((t) => !!t);
}

/**
 * Whether only a measurement can tell: the adapter hides its identity, or nothing but the
 * browser's fallback flag calls it software (no known renderer name). A named software
 * renderer (SwiftShader, llvmpipe) is known to be slower than wasm and a named GPU is trusted.
 */
export function needsSpeedProbe(adapter: AdapterSummary): boolean {
  return !adapterReported(adapter) || adapter.software === 'fallback adapter';
}

/** The faster of the two. WebGPU must have answered to win (it wins a tie); wasm wins otherwise, even unmeasured, as the backend that is always there. */
export function decide(webgpuMs: number | null, wasmMs: number | null, limitMs: number): SpeedVerdict {
  const webgpuWins = webgpuMs !== null && (wasmMs === null || webgpuMs <= wasmMs);
  return { winner: webgpuWins ? 'webgpu' : 'wasm', webgpuMs, wasmMs, limitMs };
}

const timing = (v: number | null, limitMs: number, unit: string) => (v === null ? `no answer in ${formatSeconds(limitMs)}` : `${Math.round(v)} ms${unit}`);

/** "webgpu probe 310 ms a step against wasm 40 ms: wasm" */
export function verdictText(v: SpeedVerdict): string {
  return `webgpu probe ${timing(v.webgpuMs, v.limitMs, ' a step')} against wasm ${timing(v.wasmMs, v.limitMs, '')}: ${v.winner}`;
}

/** The adapter as a cache key: what it reports, the fallback flag included. */
export function adapterKey(adapter: AdapterSummary): string {
  return JSON.stringify([adapter.vendor, adapter.architecture, adapter.description ?? '', adapter.fallback]);
}

const verdicts = new Map<string, SpeedVerdict>();

export function rememberedVerdict(adapter: AdapterSummary): SpeedVerdict | undefined {
  return verdicts.get(adapterKey(adapter));
}

export function rememberVerdict(adapter: AdapterSummary, verdict: SpeedVerdict): void {
  verdicts.set(adapterKey(adapter), verdict);
}
