/** One colour per method and per arm, the same in every chart, legend and table (readable on a projector). */
import type { MethodName } from '../../core/experiment/methods';
import { isMethodName } from '../../core/experiment/run-rows';

export const METHOD_COLORS: Record<MethodName, string> = {
  agon: '#d62728',
  'agon-fixed-roles': '#ff7f0e',
  'agon-shared-opponent': '#8c564b',
  'agon-margin': '#e377c2',
  'agon-cooperative': '#9467bd',
  grpo: '#1f77b4',
  'grpo-self-cascade': '#17becf',
  'self-refine': '#bcbd22',
  moa: '#2ca02c',
  'zero-shot': '#4d4d4d',
};

/** A row's colour: its method's, or one grey for every arm of a config's own (until they get colours of their own). */
export function rowColor(name: string): string {
  return isMethodName(name) ? METHOD_COLORS[name] : '#7f7f7f';
}

export const ARM_COLORS: Record<string, string> = {
  base: '#4d4d4d',
  grpo: '#1f77b4',
  agon: '#d62728',
  'agon-fixed-roles': '#ff7f0e',
  'agon-shared-opponent': '#8c564b',
  'agon-margin': '#e377c2',
  'agon-cooperative': '#9467bd',
};

/** `#rrggbb` with an alpha, for bands. */
export function translucent(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
