/**
 * Which shipped base pair a config's base_pair names. Before a run it is a name: 'shipped', the
 * family's demo pair (public/checkpoints/<task>-{a,b}.ckpt, made to read a rival's draft well),
 * or 'premise', the pair that starts where the paper's base did (<task>-premise-{a,b}.ckpt). A
 * run's results carry the pair's id instead (base-pair.ts), which each manifest entry records.
 */
export const SHIPPED_PAIR_NAMES = ['shipped', 'premise'] as const;
export type ShippedPairName = (typeof SHIPPED_PAIR_NAMES)[number];

/** The fields of a manifest entry read here. */
export interface ManifestPairRef {
  id?: string;
}

/** The manifest entry (and checkpoint file prefix) of a family's shipped pair. */
export function manifestKey(task: string, name: ShippedPairName): string {
  return name === 'premise' ? `${task}-premise` : task;
}

/**
 * The shipped pair a base_pair value names: a name as it is; an id, the pair whose entry records
 * it; any other value the family's own pair, whose id the caller then checks against it.
 */
export function shippedPairOf(task: string, basePair: string, pairs: Readonly<Record<string, ManifestPairRef | undefined>>): ShippedPairName {
  if ((SHIPPED_PAIR_NAMES as readonly string[]).includes(basePair)) return basePair as ShippedPairName;
  return pairs[manifestKey(task, 'premise')]?.id === basePair ? 'premise' : 'shipped';
}
