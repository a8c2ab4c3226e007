/** A GRPO round, one problem at a time: its group of samples with their verdicts, rewards and group advantages. */
import type { GrpoRound } from '../../core/rl/round';
import { OneProblemAtATime } from './OneProblemAtATime';
import { RewardLine, Verdict } from './SampleDetails';
import { TokenText } from './TokenText';

export function GrpoRoundDetails({ round }: { round: GrpoRound }) {
  return (
    <OneProblemAtATime
      problems={round.problems.map((p) => ({ text: p.text, answer: p.answer, items: p.samples }))}
      cell={(s) => ({ sample: s, title: `sample ${s.verdict}; its reward and group advantage` })}
      details={(s, i) => (
        <li className="pair" data-testid="grpo-sample">
          <div className="stage">
            <div className="stage-label">
              Sample {i + 1} by {round.model} <Verdict verdict={s.verdict} />
            </div>
            <TokenText text={s.text} probs={s.tokenProbs} testId="sample-text" />
            <RewardLine sample={s} showBonus={false} />
          </div>
        </li>
      )}
    />
  );
}
