/**
 * What the base-pair card says about a shipped pair's premise: the untrained cascade's
 * and self-refinement's lift over the better single model, with intervals, read from
 * the checkpoint manifest. A manifest without premise figures (or with ones this
 * version cannot read) gives nothing to show, never an error.
 */
import { premiseSchema, type Premise } from '../../core/diagnostics/premise-schema';
import { perfectJudge } from '../../core/diagnostics/figures';
import { formatLift } from '../../core/diagnostics/report';
import type { CascadeName } from '../../core/diagnostics/rollouts';
import { manifestEntryField } from './manifest-entry';

/** The premise figures of a task's pair in a manifest, or null when there are none that parse. */
export function premiseFromManifest(manifest: unknown, task: string): Premise | null {
  return manifestEntryField(manifest, task, 'premise', premiseSchema);
}

export interface PremiseHeadline {
  /** How it was measured, in one line. */
  basis: string;
  /**
   * One "label: lift, lift" line each for the untrained cascade and self-refinement, then the
   * cascades beside a perfect judge of whole drafts (the room a reader has; see figures.ts).
   */
  lines: string[];
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function premiseHeadline(p: Premise): PremiseHeadline {
  const lift = (name: CascadeName) => `${name} ${formatLift(p.cascades[name].lift)}`;
  const judge = (name: CascadeName) => `${name} ${pct(perfectJudge(p.cascades[name]))} (this pair ${pct(p.cascades[name].passAt1)})`;
  const view = p.showDraftAnswer ? "draft's answer shown" : "draft's answer withheld";
  return {
    basis: `Lift over the better single model (${p.better}, ${pct(p.solo[p.better].sampled)}), in points with 95% intervals: first ${p.problems} test-hard problems, ${p.samples} samples each, ${view}.`,
    lines: [
      `untrained cascade: ${lift('A->B')}, ${lift('B->A')}`,
      `self-refinement: ${lift('A->A')}, ${lift('B->B')}`,
      `a perfect judge (keeps right drafts, answers alone after wrong ones): ${judge('A->B')}, ${judge('B->A')}`,
    ],
  };
}
