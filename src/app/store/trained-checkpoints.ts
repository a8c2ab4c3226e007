/**
 * The latest trained weights of each (arm, member) of a run, as checkpoint bytes. Only
 * the latest per model is kept: a long run holds a fixed amount of memory (two small
 * models per trained arm), and the latest is what an export or a saved run needs.
 */
import type { Member } from '../../core/rl/round';

export interface TrainedCheckpoint {
  arm: string;
  member: Member;
  /** The training step the weights are from. */
  step: number;
  bytes: Uint8Array;
  /** The optimizer state at that step, to continue the run from here. */
  optimizer: Uint8Array;
  /** The arm's evaluation tokens up to that step. */
  evalTokens: number;
  /** The seed whose run made it; absent in checkpoints saved before runs had several seeds (then: the config's seed). */
  seed?: number;
}

/** Replaces the checkpoint of the same arm and member (or adds it), keeping the order of first arrival. */
export function withCheckpoint(list: readonly TrainedCheckpoint[], next: TrainedCheckpoint): TrainedCheckpoint[] {
  const index = list.findIndex((c) => c.arm === next.arm && c.member === next.member);
  if (index === -1) return [...list, next];
  return list.map((c, i) => (i === index ? next : c));
}

