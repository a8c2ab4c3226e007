/** An Agon round, one problem at a time: each draft and the solution that read it, with verdicts, rewards and the rescue/sabotage marks. */
import type { AgonPair, AgonRound } from '../../core/rl/round';
import { WITHHELD_ANSWER } from '../../core/tasks/format';
import { OneProblemAtATime } from './OneProblemAtATime';
import { RewardLine, Verdict } from './SampleDetails';
import { TokenText } from './TokenText';

function PairMarks({ pair }: { pair: AgonPair }) {
  return (
    <span className="marks">
      {pair.rescue && <span className="badge mark-rescue" data-testid="mark-rescue" title="draft wrong, solver right">rescue</span>}
      {pair.sabotage && <span className="badge mark-sabotage" data-testid="mark-sabotage" title="draft right, solver wrong">sabotage</span>}
      {pair.copy && <span className="badge mark-copy" title="the solver gave the draft's answer">copy</span>}
    </span>
  );
}

function PairView({ pair, index, round }: { pair: AgonPair; index: number; round: AgonRound }) {
  const withheld = pair.draftView.includes(`<answer>${WITHHELD_ANSWER}`);
  return (
    <li className={`pair${pair.rescue ? ' pair-rescue' : ''}${pair.sabotage ? ' pair-sabotage' : ''}`} data-testid="pair">
      <div className="pair-head">
        <strong>Draft {index + 1}</strong> <PairMarks pair={pair} />
      </div>
      <div className="stage">
        <div className="stage-label">
          {round.drafter} drafts <Verdict verdict={pair.draft.verdict} />
        </div>
        <TokenText text={pair.draft.text} probs={pair.draft.tokenProbs} testId="draft-text" />
        <RewardLine sample={pair.draft} showBonus={false} />
      </div>
      <div className="stage stage-view">
        <div className="stage-label">what {round.solver} read{withheld ? ' (final answer withheld: ? in its slot and where the trace gives it away)' : ''}</div>
        <code className="token-text" data-testid="draft-view">{pair.draftView}</code>
      </div>
      <div className="stage">
        <div className="stage-label">
          {round.solver} solves <Verdict verdict={pair.solution.verdict} />
        </div>
        <TokenText text={pair.solution.text} probs={pair.solution.tokenProbs} testId="solution-text" />
        <RewardLine sample={pair.solution} showBonus />
      </div>
    </li>
  );
}

export function AgonRoundDetails({ round }: { round: AgonRound }) {
  return (
    <OneProblemAtATime
      problems={round.problems.map((p) => ({ text: p.text, answer: p.answer, items: p.pairs }))}
      cell={(pair) => ({
        sample: pair.solution,
        prefix: `${pair.draft.verdict === 'correct' ? '✓' : '✗'}→`,
        title: `draft ${pair.draft.verdict}, solution ${pair.solution.verdict}${pair.rescue ? ' (rescue)' : pair.sabotage ? ' (sabotage)' : ''}; the solver's reward and advantage`,
      })}
      details={(pair, i) => <PairView pair={pair} index={i} round={round} />}
    />
  );
}
