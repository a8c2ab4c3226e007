/** One sample's grade: verifier verdict, reward split into its terms, and its group advantage. */
import type { SampleRecord } from '../../core/rl/round';

const fmt = (x: number) => (Math.abs(x) < 5e-3 ? '0' : x.toFixed(2));

export function Verdict({ verdict }: { verdict: SampleRecord['verdict'] }) {
  return (
    <span className={`badge verdict-${verdict}`} data-testid="verdict">
      {verdict === 'correct' ? '✓ correct' : verdict === 'wrong' ? '✗ wrong' : '? unparseable'}
    </span>
  );
}

export function RewardLine({ sample, showBonus }: { sample: SampleRecord; showBonus: boolean }) {
  const r = sample.reward;
  return (
    <span className="reward" data-testid="reward">
      reward = correctness {fmt(r.correctness)}
      {showBonus && <> + conversion bonus {fmt(r.bonus)}</>} + format {fmt(r.format)} = <strong>{fmt(r.total)}</strong>
      <span className={sample.advantage >= 0 ? 'adv adv-pos' : 'adv adv-neg'} title="Group advantage: reward against the group's mean">
        advantage {sample.advantage >= 0 ? '+' : ''}
        {sample.advantage.toFixed(2)}
      </span>
    </span>
  );
}

/** The problem a group of samples answered, with its reference answer. */
export function ProblemHeader({ text, answer }: { text: string; answer: string }) {
  return (
    <div className="problem-text">
      Problem: <code data-testid="problem-text">{text}</code> <span className="answer">answer: <code>{answer}</code></span>
    </div>
  );
}
