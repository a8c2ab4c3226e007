/** A plain-language account of one round, for the step-by-step teaching mode. */
import { AGON_FIELDS, type ArmFields } from '../../core/experiment/arm-fields';
import type { RunRow } from '../../core/experiment/run-rows';
import type { Round } from '../../core/rl/round';
import type { RoundSummary } from '../store/round-history';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The fields of the trained arm `arm` (every row reading it trains the same), Agon's for an arm no row names. */
export function armFieldsOf(rows: readonly RunRow[], arm: string): ArmFields {
  return rows.find((r) => r.arm === arm)?.fields ?? AGON_FIELDS;
}

/** Who drafts next round, from the arm's role schedule. */
export function rolesLine(fields: ArmFields): string {
  if (fields.roles === 'a-drafts') return 'The roles do not swap in this arm: A always drafts.';
  if (fields.roles === 'b-drafts') return 'The roles do not swap in this arm: B always drafts.';
  return fields.swap_every === 1 ? 'Next round the roles swap.' : `The roles swap every ${fields.swap_every} rounds.`;
}

const LEARNER_LINES: Record<ArmFields['learners'], string> = {
  both: 'Each model then took one GRPO update on its own stream, with advantages measured against its own group.',
  drafter: 'Only the drafter then took a GRPO update on its stream, with advantages measured against its own group; the solver stayed as it was.',
  solver: 'Only the solver then took a GRPO update on its stream, with advantages measured against its own group; the drafter stayed as it was.',
};

function agonStory(s: RoundSummary, bonusLine: string, fields: ArmFields): string[] {
  return [
    `${s.drafter} drafted and ${s.solver} solved. ${s.drafter} wrote ${plural(s.samples, 'draft')} for ${plural(s.problems, 'problem')}; ${s.solver} wrote one solution for each draft, reading it first.`,
    `${s.solver} was right ${s.correct} of ${s.samples} times: ${plural(s.rescues, 'rescue')} (draft wrong, solver right), ${plural(s.sabotages, 'sabotage')} (draft right, solver wrong); the solver repeated the draft's answer ${plural(s.copies, 'time')}.`,
    bonusLine,
    `${LEARNER_LINES[fields.learners]} ${rolesLine(fields)}`,
  ];
}

const BONUS_LINES: Record<string, string> = {
  agon: 'A rescue earns the solver the +1 conversion bonus, so the solver learns to find what the draft got wrong.',
  'agon-margin': 'The margin bonus c(solver) − c(draft) gives +1 for a rescue and −1 for a sabotage.',
  'agon-cooperative': 'No bonus in this ablation: the solver is paid only for being right.',
  'agon-shared-opponent': 'All solutions of a problem read one shared draft here, so the bonus is the same for the whole group and cancels in the advantages.',
  'agon-fixed-roles': 'A rescue earns the solver the +1 conversion bonus.',
};

/** The bonus of an arm of the config's own, from its fields. */
function ownBonusLine(fields: ArmFields): string {
  const w = fields.bonus_weight;
  if (fields.bonus === 'none') return 'No bonus in this arm: the solver is paid only for being right.';
  if (fields.bonus === 'margin') return `The margin bonus c(solver) − c(draft), times ${w}, gives +${w} for a rescue and −${w} for a sabotage.`;
  return `A rescue earns the solver the conversion bonus, +${w}.`;
}

/** `fields`: the round's arm's (armFieldsOf), for who updates, who drafts next and the bonus of an arm of the config's own. */
export function explainRound(summary: RoundSummary, round: Round | undefined, fields: ArmFields = AGON_FIELDS): string[] {
  if (summary.kind === 'grpo') {
    const group = round?.kind === 'grpo' ? (round.problems[0]?.samples.length ?? 0) : 0;
    return [
      `GRPO: model ${summary.drafter} answered ${plural(summary.problems, 'problem')} alone, ${group > 0 ? `${group} samples per problem` : 'a group of samples per problem'}; ${summary.correct} of ${summary.samples} were right.`,
      'Each sample\'s advantage is its reward minus the mean reward of its group (divided by the group\'s spread): better-than-the-group samples are made more likely, worse ones less.',
    ];
  }
  return agonStory(summary, BONUS_LINES[summary.arm] ?? ownBonusLine(fields), fields);
}
