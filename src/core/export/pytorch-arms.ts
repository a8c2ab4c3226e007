/**
 * The arms as the exported train.py reads them (export.json's `arms`): nothing, GRPO, or an Agon
 * step with the mechanisms train.py implements: the bonus form, fixed roles with A drafting and
 * the shared opponent, under their names there. An arm with any other field away from Agon's is
 * refused, naming the arm and the field, rather than run by train.py as an arm it is not.
 */
import { AGON_FIELDS, type AgonMechanisms, type ArmSpec } from '../experiment/arm-fields';
import type { ExperimentConfig } from '../experiment/config';
import type { BonusKind } from '../rl/rewards';

export interface PytorchAgonOptions {
  bonus: BonusKind;
  fixedRoles: boolean;
  sharedOpponent: boolean;
}

export type PytorchArm = { kind: 'base' } | { kind: 'grpo' } | { kind: 'agon'; options: PytorchAgonOptions };

/** The fields train.py runs only at Agon's value (the bonus, the role schedule and the opponent it maps). */
const AGON_ONLY = ['bonus_weight', 'swap_every', 'solutions_per_draft', 'learners', 'drafter_reward'] as const satisfies readonly (keyof AgonMechanisms)[];

/** An Agon arm's mechanisms as train.py's options; throws on one train.py does not implement. */
export function pytorchAgonOptions(options: AgonMechanisms, arm = 'this arm'): PytorchAgonOptions {
  const unsupported = (field: string, value: unknown) => new Error(`the PyTorch export does not run ${arm} yet: train.py has no ${field} ${JSON.stringify(value)} (only Agon's ${JSON.stringify(AGON_FIELDS[field as keyof AgonMechanisms])})`);
  for (const field of AGON_ONLY) if (options[field] !== AGON_FIELDS[field]) throw unsupported(field, options[field]);
  if (options.roles === 'b-drafts') throw unsupported('roles', options.roles);
  return { bonus: options.bonus, fixedRoles: options.roles === 'a-drafts', sharedOpponent: options.opponent === 'shared-draft' };
}

/** train.py runs the methods a config picks; a config's own arms and sweep it would leave out unseen, so they are refused. */
export function pytorchConfigProblem(config: Pick<ExperimentConfig, 'arms' | 'sweep'>): string | null {
  if (!config.arms?.length && !config.sweep) return null;
  return `the PyTorch export does not run a config's own arms or its sweep yet (train.py runs the paper's methods): remove ${config.sweep ? 'the sweep' : 'the arms'} to export`;
}

export function pytorchArms(arms: Record<string, ArmSpec>): Record<string, PytorchArm> {
  return Object.fromEntries(Object.entries(arms).map(([name, spec]) => [name, spec.kind === 'agon' ? { kind: 'agon', options: pytorchAgonOptions(spec.options, `arm ${name}`) } : spec]));
}
