/**
 * A saved run's checkpoints as they come back from IndexedDB: each is decoded and checked
 * (the checksum of every tensor, finite weights) before the run is drawn or continued from
 * them. A damaged one is left out, so that arm starts over if the run is continued, and
 * the problem is said in words for the saved-runs list.
 */
import { decodeCheckpoint } from '../../core/model/checkpoint';
import type { TrainedCheckpoint } from '../store/trained-checkpoints';

export function checkedCheckpoints(runName: string, checkpoints: readonly TrainedCheckpoint[]): { kept: TrainedCheckpoint[]; problem: string | null } {
  const kept: TrainedCheckpoint[] = [];
  const refused: string[] = [];
  for (const c of checkpoints) {
    try {
      decodeCheckpoint(c.bytes, `saved run "${runName}", checkpoint of ${c.arm} model ${c.member} at step ${c.step}`);
      kept.push(c);
    } catch (e) {
      refused.push(e instanceof Error ? e.message : String(e));
    }
  }
  if (refused.length === 0) return { kept, problem: null };
  const what = refused.length === 1 ? 'this damaged checkpoint' : `these ${refused.length} damaged checkpoints`;
  return { kept, problem: `Opened without ${what} (continuing the run starts its arm over): ${refused.join(' ')}` };
}
