/**
 * The round view: the current round or any past one (scrub with the slider), who
 * drafted and who solved (the swap made visible), every draft and the solution that
 * read it, and a plain account of what happened in this round.
 */
import { useAppStore } from '../store/app-store';
import type { RoundEntry } from '../store/round-history';
import { explainRound } from '../rounds/explain';
import { AgonRoundDetails } from './AgonRoundDetails';
import { GrpoRoundDetails } from './GrpoRoundDetails';

function Scrubber({ count, index }: { count: number; index: number }) {
  const selectRound = useAppStore((s) => s.selectRound);
  const following = useAppStore((s) => s.selectedRound === null);
  const go = (i: number) => selectRound(i >= count - 1 ? null : Math.max(0, i));
  return (
    <div className="scrubber">
      <button type="button" onClick={() => go(index - 1)} disabled={index === 0} aria-label="previous round">◀</button>
      <input type="range" min={0} max={count - 1} value={index} onChange={(e) => go(Number(e.target.value))} aria-label="round" />
      <button type="button" onClick={() => go(index + 1)} disabled={index >= count - 1} aria-label="next round">▶</button>
      <span data-testid="round-position">
        round {index + 1} of {count}
      </span>
      <label className="follow">
        <input type="checkbox" checked={following} onChange={(e) => selectRound(e.target.checked ? null : index)} /> follow latest
      </label>
    </div>
  );
}

function RoleBanner({ entry }: { entry: RoundEntry }) {
  const s = entry.summary;
  if (s.kind === 'grpo') {
    return (
      <div className="roles" data-testid="roles">
        <span className="role">GRPO</span> model <strong className="member">{s.drafter}</strong> samples a group of answers alone
      </div>
    );
  }
  return (
    <div className="roles" data-testid="roles">
      <span className="role">drafter</span> <strong className="member">{s.drafter}</strong>
      <span className="arrow">→</span>
      <span className="role">solver</span> <strong className="member">{s.solver}</strong>
      <span className="roles-note">{s.arm === 'agon-fixed-roles' ? 'roles fixed in this ablation' : 'roles swap every step'}</span>
    </div>
  );
}

export function RoundView() {
  const rounds = useAppStore((s) => s.run.rounds);
  const selected = useAppStore((s) => s.selectedRound);
  const status = useAppStore((s) => s.run.status);
  if (rounds.length === 0) {
    return (
      <section className="panel" aria-labelledby="round-title">
        <h2 id="round-title">Rounds</h2>
        <p className="muted">{status === 'idle' ? 'Start a run to watch the rounds.' : 'The first round appears after the step-0 evaluation.'}</p>
      </section>
    );
  }
  const index = selected === null ? rounds.length - 1 : Math.min(selected, rounds.length - 1);
  const entry = rounds[index] as RoundEntry;
  const s = entry.summary;
  return (
    <section className="panel round-view" aria-labelledby="round-title" data-testid="round-view" data-rounds={rounds.length}>
      <div className="panel-head">
        <h2 id="round-title">
          Round: {s.arm}, step {s.step + 1}
        </h2>
        <Scrubber count={rounds.length} index={index} />
      </div>
      <RoleBanner entry={entry} />
      <div className="explain-box" data-testid="round-explain">
        <strong>What happened in this round</strong>
        {explainRound(s, entry.round).map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </div>
      <p className="muted shade-key">
        Token shading: <span className="tok" style={{ background: 'rgba(255, 140, 0, 0.8)' }}>x</span> sampled with low probability,{' '}
        <span className="tok">x</span> near-certain. Hover a token for its probability.
      </p>
      {!entry.round && <p className="muted">Texts of this old round were dropped to keep memory bounded (the last 200 rounds keep them).</p>}
      {entry.round?.kind === 'agon' && <AgonRoundDetails round={entry.round} />}
      {entry.round?.kind === 'grpo' && <GrpoRoundDetails round={entry.round} />}
    </section>
  );
}
