/**
 * Group-relative advantages, as TRL's GRPO computes them: subtract each group's
 * mean reward, then divide by a standard deviation (unbiased, as torch.std):
 *   'group' the group's own, 'batch' the whole batch's, 'none' no division.
 * A group whose rewards are all equal gets zero advantage (no NaN: +1e-4).
 */
export type ScaleRewards = 'group' | 'batch' | 'none';

const STD_EPS = 1e-4;

function mean(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0) / xs.length;
}

function std(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}

/** rewards holds consecutive groups of `groupSize`. */
export function groupAdvantages(rewards: readonly number[], groupSize: number, scale: ScaleRewards): number[] {
  if (groupSize < 1 || rewards.length % groupSize !== 0) {
    throw new Error(`groupAdvantages: ${rewards.length} rewards do not split into groups of ${groupSize}`);
  }
  const batchStd = std(rewards);
  const out: number[] = [];
  for (let g = 0; g < rewards.length; g += groupSize) {
    const group = rewards.slice(g, g + groupSize);
    const m = mean(group);
    const divisor = scale === 'group' ? std(group) + STD_EPS : scale === 'batch' ? batchStd + STD_EPS : 1;
    for (const r of group) out.push((r - m) / divisor);
  }
  return out;
}
