/** A GRPO round: each problem's group of samples with their verdicts, rewards and group advantages. */
import type { GrpoRound } from '../../core/rl/round';
import { ProblemHeader, RewardLine, Verdict } from './SampleDetails';
import { TokenText } from './TokenText';

export function GrpoRoundDetails({ round }: { round: GrpoRound }) {
  return (
    <>
      {round.problems.map((p, pi) => (
        <div key={pi} className="problem">
          <ProblemHeader text={p.text} answer={p.answer} />
          <ol className="pairs">
            {p.samples.map((s, i) => (
              <li key={i} className="pair" data-testid="grpo-sample">
                <div className="stage">
                  <div className="stage-label">
                    Sample {i + 1} by {round.model} <Verdict verdict={s.verdict} />
                  </div>
                  <TokenText text={s.text} probs={s.tokenProbs} testId="sample-text" />
                  <RewardLine sample={s} showBonus={false} />
                </div>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </>
  );
}
