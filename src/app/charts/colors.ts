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

/** Colours of the rows of a config's own (its arms, then its sweep's points), in turn after the methods': dark enough for a projector, none a method's. */
export const OWN_ROW_COLORS = ['#393b79', '#637939', '#8c6d31', '#843c39', '#7b4173', '#006d5b', '#b15928', '#6a3d9a', '#1b4f72', '#7f6000', '#a6266e', '#2e6930'];

/** The colour of the `index`-th row of a config's own (they come around again after the last). */
export const ownRowColor = (index: number) => OWN_ROW_COLORS[index % OWN_ROW_COLORS.length]!;

/** Each row's colour, by name: its method's, or the next own-row colour in row order; the same in every view of a run (all take the rows from runRows). */
export function rowColors(rows: readonly { name: string }[]): Map<string, string> {
  let own = 0;
  return new Map(rows.map((r) => [r.name, isMethodName(r.name) ? METHOD_COLORS[r.name] : ownRowColor(own++)]));
}

/** Grey for a name no row has (a result read from elsewhere). */
export const NO_ROW_COLOR = '#7f7f7f';

export const ARM_COLORS: Record<string, string> = {
  base: '#4d4d4d',
  grpo: '#1f77b4',
  agon: '#d62728',
  'agon-fixed-roles': '#ff7f0e',
  'agon-shared-opponent': '#8c564b',
  'agon-margin': '#e377c2',
  'agon-cooperative': '#9467bd',
};

/** A trained arm's colour: the paper's arm's, else that of the row it is named after (run-rows.ts names an arm of a config's own after its first row). */
export const armColor = (arm: string, colors: ReadonlyMap<string, string>) => ARM_COLORS[arm] ?? colors.get(arm) ?? NO_ROW_COLOR;

/** `#rrggbb` with an alpha, for bands. */
export function translucent(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
