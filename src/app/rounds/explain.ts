/** A plain-language account of one round, for the step-by-step teaching mode. */
import type { Round } from '../../core/rl/round';
import type { RoundSummary } from '../store/round-history';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function agonStory(s: RoundSummary, bonusLine: string): string[] {
  return [
    `${s.drafter} drafted and ${s.solver} solved. ${s.drafter} wrote ${plural(s.samples, 'draft')} for ${plural(s.problems, 'problem')}; ${s.solver} wrote one solution for each draft, reading it first.`,
    `${s.solver} was right ${s.correct} of ${s.samples} times: ${plural(s.rescues, 'rescue')} (draft wrong, solver right), ${plural(s.sabotages, 'sabotage')} (draft right, solver wrong); the solver repeated the draft's answer ${plural(s.copies, 'time')}.`,
    bonusLine,
    `Each model then took one GRPO update on its own stream, with advantages measured against its own group. Next round the roles swap${s.arm === 'agon-fixed-roles' ? ' — except in this ablation, where A always drafts' : ''}.`,
  ];
}

const BONUS_LINES: Record<string, string> = {
  agon: 'A rescue earns the solver the +1 conversion bonus, so the solver learns to find what the draft got wrong.',
  'agon-margin': 'The margin bonus c(solver) − c(draft) gives +1 for a rescue and −1 for a sabotage.',
  'agon-cooperative': 'No bonus in this ablation: the solver is paid only for being right.',
  'agon-shared-opponent': 'All solutions of a problem read one shared draft here, so the bonus is the same for the whole group and cancels in the advantages.',
  'agon-fixed-roles': 'A rescue earns the solver the +1 conversion bonus.',
};

export function explainRound(summary: RoundSummary, round: Round | undefined): string[] {
  if (summary.kind === 'grpo') {
    const group = round?.kind === 'grpo' ? (round.problems[0]?.samples.length ?? 0) : 0;
    return [
      `GRPO: model ${summary.drafter} answered ${plural(summary.problems, 'problem')} alone, ${group > 0 ? `${group} samples per problem` : 'a group of samples per problem'}; ${summary.correct} of ${summary.samples} were right.`,
      'Each sample\'s advantage is its reward minus the mean reward of its group (divided by the group\'s spread): better-than-the-group samples are made more likely, worse ones less.',
    ];
  }
  return agonStory(summary, BONUS_LINES[summary.arm] ?? '');
}
