/** Numbers the progress bar shows, derived from the run state (pure). */
import { runArms } from '../../core/experiment/run-rows';
import { seedsOf } from '../../core/experiment/seeds';
import type { RunState } from './run-state';

export interface ProgressView {
  /** 0..1 over every training round of every trained arm. */
  fraction: number;
  roundsDone: number;
  roundsTotal: number;
  tokensPerSecond: number | null;
  etaMs: number | null;
}

function trainedArms(state: RunState): string[] {
  return state.config ? runArms(state.config).flatMap((a) => (a.spec.kind === 'base' ? [] : [a.name])) : [];
}

/**
 * Time left: the current seed's estimate, plus, for each seed after it, the time this seed
 * takes in all (its elapsed time and its estimate): the seeds are the same experiment.
 */
function etaOf(state: RunState, seedsLater: number): number | null {
  const p = state.progress;
  if (!p || p.etaMs === null) return null;
  return p.etaMs + seedsLater * (p.elapsedMs + p.etaMs);
}

export function progressView(state: RunState, now: number): ProgressView {
  const arms = trainedArms(state);
  const seeds = state.config ? seedsOf(state.config).length : 1;
  const seedRounds = arms.length * (state.config?.steps ?? 0);
  const seedsBefore = state.seedResults.filter((r) => r.config.seed !== state.seed).length;
  const roundsTotal = seeds * seedRounds;
  const roundsDone = seedsBefore * seedRounds + arms.reduce((n, a) => n + (state.arms[a]?.stepsDone ?? 0), 0);
  const tokens = state.tokensBefore + Object.values(state.tokensByArm).reduce((s, t) => s + t, 0);
  const elapsedS = state.startedAt === null ? 0 : (now - state.startedAt) / 1000;
  const finished = state.status === 'complete';
  return {
    fraction: finished ? 1 : roundsTotal === 0 ? 0 : roundsDone / roundsTotal,
    roundsDone,
    roundsTotal,
    tokensPerSecond: tokens > 0 && elapsedS > 0 ? tokens / elapsedS : null,
    etaMs: finished ? 0 : etaOf(state, Math.max(0, seeds - seedsBefore - 1)),
  };
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}:${String(sec).padStart(2, '0')}`;
}
