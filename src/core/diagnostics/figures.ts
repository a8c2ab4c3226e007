/** From the premise samples to the premise figures (pure): rates, lifts with paired intervals, rescue / sabotage / copy, A-B agreement. */
import { pairedDifference, pearson } from '../eval/stats';
import type { Member } from '../rl/round';
import type { CascadeFigures, PremiseFigures } from './premise-schema';
import { copyRates, mean, MOSTLY, mostlyCounts, rescue, sabotage, solveRates, type CascadeSample } from './premise-stats';
import { CASCADES, type CascadeName, type PremiseRollouts } from './rollouts';

function cascadeFigures(samples: readonly (readonly CascadeSample[])[], drafter: Member, solver: Member, soloRates: Record<Member, number[]>, better: Member): CascadeFigures {
  const finalRates = solveRates(samples.map((row) => row.map((s) => s.final)));
  return {
    drafter,
    solver,
    passAt1: mean(finalRates),
    drafterAlone: mean(solveRates(samples.map((row) => row.map((s) => s.draft)))),
    lift: pairedDifference(finalRates, soloRates[better]),
    rescue: rescue(samples, soloRates[solver]),
    sabotage: sabotage(samples, soloRates[solver]),
    copy: copyRates(samples),
  };
}

export function premiseFigures(rollouts: PremiseRollouts): PremiseFigures {
  const soloRates = { A: solveRates(rollouts.solo.A.sampled), B: solveRates(rollouts.solo.B.sampled) };
  const sampled = { A: mean(soloRates.A), B: mean(soloRates.B) };
  const better: Member = sampled.B > sampled.A ? 'B' : 'A';
  const greedy = (m: Member) => mean(rollouts.solo[m].greedy.map(Number));
  const cascades = Object.fromEntries(
    CASCADES.map((c) => [c.name, cascadeFigures(rollouts.cascades[c.name], c.drafter, c.solver, soloRates, better)]),
  ) as Record<CascadeName, CascadeFigures>;
  return {
    solo: { A: { sampled: sampled.A, greedy: greedy('A') }, B: { sampled: sampled.B, greedy: greedy('B') } },
    better,
    cascades,
    agreement: { correlation: pearson(soloRates.A, soloRates.B), mostly: MOSTLY, ...mostlyCounts(soloRates.A, soloRates.B) },
  };
}

/**
 * What the cascade would reach with a perfect judge: a solver that keeps every right draft and
 * ignores every wrong one, answering alone there (at its own rate on those problems). A cascade
 * far below it is held back by judging drafts, not by what the two know. Not a ceiling: a reader
 * that takes part of a draft and supplies the rest itself can beat it (math's readers do).
 */
export function perfectJudge(c: CascadeFigures): number {
  return c.drafterAlone + (1 - c.drafterAlone) * (c.rescue.solverAlone ?? 0);
}

