/**
 * What the base-pair card says about the room reward alone has: each model's pass@k alone,
 * overall and by knowledge group, as `npm run diagnose -- --record` stored it in the checkpoint
 * manifest (entry.passAtK). A manifest without it shows nothing, never an error.
 */
import { cellsText, GROUP_LABELS, ksText, passAtKBasis } from '../../core/diagnostics/pass-at-k-report';
import { passAtKSchema, type PassAtK, type PassAtKRow } from '../../core/diagnostics/pass-at-k-schema';
import { manifestEntryField } from './manifest-entry';

/** A pair's pass@k figures (by its manifest name), or null when its entry has none that parse. */
export function passAtKFromManifest(manifest: unknown, name: string): PassAtK | null {
  return manifestEntryField(manifest, name, 'passAtK', passAtKSchema);
}

export interface PassAtKCardRow {
  group: PassAtKRow['group'];
  /** "a fact only A was taught (206)". */
  label: string;
  /**
   * pass@k at every k, in percent ("12.3 / 30.1 / 55.0 / 71.2"), in the order of the card's
   * heads: A and B with a right answer, then A and B with a right answer and the reference trace.
   */
  cells: string[];
}

export interface PassAtKCard {
  /** How it was measured, in one line. */
  basis: string;
  /** The column heads after the group's. */
  heads: string[];
  rows: PassAtKCardRow[];
  /** What the rows say for GRPO, in one line. */
  reading: string;
}

export function passAtKCard(p: PassAtK): PassAtKCard {
  const largest = Math.max(...p.ks);
  const ks = ksText(p.ks);
  return {
    basis: passAtKBasis(p),
    heads: [`A: ${ks}`, `B: ${ks}`, `A, reference trace: ${ks}`, `B, reference trace: ${ks}`],
    rows: p.rows.map((r) => ({
      group: r.group,
      label: `${GROUP_LABELS[r.group]} (${r.problems})`,
      cells: [r.A, r.B, r.referenceTrace.A, r.referenceTrace.B].map(cellsText),
    })),
    reading: `GRPO only reinforces answers its model samples: where a model's pass@${largest} is near 0 (a fact only its rival was taught), reward alone has nothing to reinforce, and reading the rival's draft can still supply it. The reference-trace columns count only samples with every step right (a math answer, the last digit of a sum, can come out right after a wrong product; GRPO's reward sees only the answer).`,
  };
}
