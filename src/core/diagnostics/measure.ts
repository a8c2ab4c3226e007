/** Measures the premise figures of a base pair on the first problems of test-hard (what `npm run diagnose` and `npm run pretrain` record). */
import type { Member } from '../rl/round';
import { completionBudget } from '../tasks/budget';
import { testHardSplit } from '../tasks/splits';
import type { Problem, TaskFamily } from '../tasks/task';
import { premiseFigures } from './figures';
import type { Premise } from './premise-schema';
import { premiseRollouts, type Completer, type PremiseRollouts } from './rollouts';

export interface PremiseSetup {
  problems: number;
  samples: number;
  seed: number;
  showDraftAnswer: boolean;
  /** The command line that measures it again, recorded with the figures. */
  command: string;
}

/** The reference measurement: 1000 problems, 4 samples each, temperature 1, the draft's answer withheld. */
export const PREMISE_DEFAULTS = { problems: 1000, samples: 4, seed: 1, showDraftAnswer: false } as const;

const SAMPLING = { temperature: 1, topP: 1 } as const;

/** The problems and every readout's samples behind the figures. */
export interface PremiseSamples {
  problems: Problem[];
  rollouts: PremiseRollouts;
}

export async function samplePremise(models: Record<Member, Completer>, family: TaskFamily, setup: PremiseSetup): Promise<PremiseSamples> {
  if (!Number.isInteger(setup.problems) || setup.problems < 2) throw new RangeError(`the premise needs at least 2 problems, got ${setup.problems}`);
  const problems = testHardSplit(family, setup.problems);
  const rollouts = await premiseRollouts(models, family, problems, { ...SAMPLING, samples: setup.samples, seed: setup.seed, showDraftAnswer: setup.showDraftAnswer, maxNewTokens: completionBudget(family) });
  return { problems, rollouts };
}

/** The figures of the samples, with the setup that measured them. */
export function premiseOf(setup: PremiseSetup, samples: PremiseSamples): Premise {
  return { command: setup.command, split: 'test-hard', problems: setup.problems, samples: setup.samples, ...SAMPLING, seed: setup.seed, showDraftAnswer: setup.showDraftAnswer, ...premiseFigures(samples.rollouts) };
}

export async function measurePremise(models: Record<Member, Completer>, family: TaskFamily, setup: PremiseSetup): Promise<Premise> {
  return premiseOf(setup, await samplePremise(models, family, setup));
}
