/** The rollout table of `npm run bench:gpu`: the fused decode against the rollout kernel per model size (pure). */
import { sizeLabel, type ModelSize } from './bench-gpu-args';
import type { RolloutMeasure } from './bench-gpu-rollout';

const tokens = (n: number | undefined) => (n === undefined ? '-' : Math.round(n).toLocaleString('en-US'));

export function rolloutScalingTable(measures: [ModelSize, RolloutMeasure][], batch: number, newTokens: number): string {
  return [
    `| model (${batch} prompts x ${newTokens} tokens) | fused decode tokens/s | rollout kernel tokens/s | fused decode dispatches / rollout | rollout kernel dispatches / rollout | note |`,
    '|---|---:|---:|---:|---:|---|',
    ...measures.map(([size, m]) => {
      const [fused, kernel] = m.rows ?? [];
      const note = m.error ?? (kernel?.fallback ? `rollout kernel fell back to the fused decode: ${kernel.fallback}` : '');
      return `| ${sizeLabel(size)} | ${tokens(fused?.tokensPerSec)} | ${tokens(kernel?.tokensPerSec)} | ${fused?.counts.dispatches ?? '-'} | ${kernel?.counts.dispatches ?? '-'} | ${note.replace(/\|/g, '/')} |`;
    }),
  ].join('\n');
}
