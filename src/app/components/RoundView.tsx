/**
 * The round view: the current round or any past one (scrub with the slider), of every
 * arm or of one (a tab per arm: the arms take their steps in turn), who drafted and who
 * solved (the swap made visible), every draft and the solution that read it, and a plain
 * account of what happened in this round.
 */
import { useAppStore } from '../store/app-store';
import type { RoundEntry } from '../store/round-history';
import type { ArmFields } from '../../core/experiment/arm-fields';
import { armFieldsOf, explainRound } from '../rounds/explain';
import { AgonRoundDetails } from './AgonRoundDetails';
import { GrpoRoundDetails } from './GrpoRoundDetails';
import { useRunRows } from './use-run-rows';

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

/** "Latest of any arm", then one tab per arm that has rounds, in the order they first ran. */
function ArmTabs({ arms }: { arms: string[] }) {
  const selected = useAppStore((s) => s.roundArm);
  const select = useAppStore((s) => s.selectRoundArm);
  const tab = (arm: string | null, label: string) => (
    <button key={arm ?? 'latest'} type="button" role="tab" aria-selected={selected === arm} className={selected === arm ? 'tab active' : 'tab'} onClick={() => select(arm)}>
      {label}
    </button>
  );
  return (
    <div className="arm-tabs" role="tablist" aria-label="rounds of" data-testid="round-arm-tabs">
      {tab(null, 'latest of any arm')}
      {arms.map((arm) => tab(arm, arm))}
    </div>
  );
}

function rolesNote(fields: ArmFields): string {
  if (fields.roles !== 'swap') return 'roles fixed in this arm';
  return fields.swap_every === 1 ? 'roles swap every step' : `roles swap every ${fields.swap_every} steps`;
}

function RoleBanner({ entry, fields }: { entry: RoundEntry; fields: ArmFields }) {
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
      <span className="roles-note">{rolesNote(fields)}</span>
    </div>
  );
}

export function RoundView() {
  const all = useAppStore((s) => s.run.rounds);
  const arm = useAppStore((s) => s.roundArm);
  const selected = useAppStore((s) => s.selectedRound);
  const arms = [...new Set(all.map((r) => r.summary.arm))];
  const rounds = arm === null ? all : all.filter((r) => r.summary.arm === arm);
  const status = useAppStore((s) => s.run.status);
  const rows = useRunRows();
  if (all.length === 0) {
    return (
      <section className="panel" aria-labelledby="round-title">
        <h2 id="round-title">Rounds</h2>
        <p className="muted">{status === 'idle' ? 'Start a run to watch the rounds.' : 'The first round appears after the step-0 evaluation.'}</p>
      </section>
    );
  }
  if (rounds.length === 0) {
    return (
      <section className="panel" aria-labelledby="round-title">
        <h2 id="round-title">Rounds</h2>
        <ArmTabs arms={arms} />
      </section>
    );
  }
  const index = selected === null ? rounds.length - 1 : Math.min(selected, rounds.length - 1);
  const entry = rounds[index] as RoundEntry;
  const s = entry.summary;
  const fields = armFieldsOf(rows, s.arm);
  return (
    <section className="panel round-view" aria-labelledby="round-title" data-testid="round-view" data-rounds={rounds.length}>
      <div className="panel-head">
        <h2 id="round-title">
          Round: {s.arm}, step {s.step + 1}
        </h2>
        <Scrubber count={rounds.length} index={index} />
      </div>
      <ArmTabs arms={arms} />
      <RoleBanner entry={entry} fields={fields} />
      <div className="explain-box" data-testid="round-explain">
        <strong>What happened in this round</strong>
        {explainRound(s, entry.round, fields).map((line, i) => (
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
