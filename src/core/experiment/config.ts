/**
 * The experiment config: one schema, used by the runner, the CLI and the UI's
 * form, so an invalid value is refused with the same message everywhere.
 * Hyperparameters keep their GRPO names (TRL's GRPOConfig).
 */
import { z } from 'zod';
import { DEFAULT_RL_CONFIG } from '../rl/config';
import { FAMILIES } from '../tasks/families';
import type { TaskFamily, TaskFamilyName } from '../tasks/task';
import { hardSplitProblem } from '../train/recipe';
import { armParityProblem } from './arm-fields';
import { armNameSchema, customArmsSchema, sweepArms, sweepSchema } from './custom-arms';
import { METHODS, NAMED_ARMS } from './methods';
import { pretrainSettingsSchema } from './pretrain-settings';
import { runRows } from './run-rows';
import { int, num } from './schema-numbers';
import { seedSchema, seedsSchema } from './seeds';

// Strict, like the config around it: an unknown field is refused by name, never dropped unseen.
export const rlConfigSchema = z.object({
  num_generations: int(2, 64),
  beta: num(0, 10),
  epsilon: num(0, 1),
  epsilon_high: num(0, 10),
  loss_type: z.enum(['grpo', 'dapo', 'dr_grpo']),
  scale_rewards: z.enum(['group', 'batch', 'none']),
  temperature: num(0.05, 5),
  top_p: z.number().gt(0, 'must be above 0').max(1),
  max_completion_length: int(4, 128),
  num_iterations: int(1, 16),
  learning_rate: z.number().gt(0, 'must be above 0').max(0.1),
  format_weight: num(0, 10),
}).strict();

export const experimentConfigSchema = z
  .object({
    version: z.literal(1),
    task: z.enum(['math', 'code']),
    /** Identity of the base pair the arms start from (file names + checksums prefix). */
    base_pair: z.string().min(1).max(200),
    /**
     * Where the base pair comes from: the shipped checkpoints, or pretrained from scratch
     * before the experiment (in the playground's worker). Older configs have neither field: shipped.
     */
    base_pair_source: z.enum(['shipped', 'pretrain']).default('shipped'),
    /** How to pretrain the pair; read only when base_pair_source is 'pretrain'. */
    pretrain: pretrainSettingsSchema.optional(),
    /**
     * Difficulties of test-hard, validation and the training problems, for a pair made for a hard
     * split of its own (code-premise: three-primitive programs). Absent: the family's; a run fills
     * it in from its shipped pair's manifest entry where that entry records other ones.
     */
    hard_difficulties: z.array(int(1, 9)).min(1).max(9).optional(),
    methods: z.array(z.enum(METHODS)).refine((m) => new Set(m).size === m.length, 'a method is listed twice'),
    /** Arms of the config's own beside the paper's methods (custom-arms.ts); absent: none. */
    arms: customArmsSchema.optional(),
    /** One field varied over a list of values, one arm per value (custom-arms.ts); absent: none. */
    sweep: sweepSchema.optional(),
    steps: int(0, 100_000),
    problems_per_step: int(1, 256),
    eval_every: int(1, 100_000),
    /** Problems of test-hard (and of validation) each evaluation uses; the first k of the fixed split. */
    eval_problems: int(10, 1000),
    /** Samples per test-hard problem for the unbiased pass@k (1 = pass@1 only); pass@1 always uses the first. */
    eval_samples: int(1, 64),
    pass_k: int(1, 64),
    seed: seedSchema,
    /** Every seed to run, in order, when more than one (see seeds.ts); absent: `seed` alone. */
    seeds: seedsSchema.optional(),
    show_draft_answer: z.boolean(),
    rl: rlConfigSchema,
  })
  .strict()
  // Cross-field rules: the issue sits on `path`; `params.partners` names the other fields the rule reads (a share link's repair resets them when resetting `path` is not enough).
  .refine((c) => c.base_pair_source !== 'pretrain' || c.pretrain !== undefined, { message: 'pretraining needs its settings', path: ['pretrain'], params: { partners: ['base_pair_source'] } })
  .superRefine(refuseBadHardSplit)
  .refine((c) => c.seeds === undefined || c.seeds[0] === c.seed, { message: 'seeds must start with seed', path: ['seeds'], params: { partners: ['seed'] } })
  .refine((c) => c.pass_k <= c.eval_samples, { message: 'pass_k cannot exceed eval_samples', path: ['pass_k'], params: { partners: ['eval_samples'] } })
  .refine((c) => c.eval_every <= Math.max(1, c.steps), {
    message: 'eval_every is longer than the run: no evaluation would happen before the end',
    path: ['eval_every'],
    params: { partners: ['steps'] },
  })
  // Only on a config whose fields all passed: the rules build the rows from them.
  .superRefine(refuseBadRows, { when: (payload) => payload.issues.length === 0 });

export type ExperimentConfig = z.infer<typeof experimentConfigSchema>;

/** A hard split the task's generator can draw: each difficulty once, within the family's. */
function refuseBadHardSplit(c: { task: string; hard_difficulties?: number[] | undefined }, ctx: z.RefinementCtx): void {
  const family = FAMILIES[c.task as TaskFamilyName] as TaskFamily | undefined;
  // A bad task or list is reported on its own field.
  if (!family || !Array.isArray(c.hard_difficulties)) return;
  const problem = hardSplitProblem(c.hard_difficulties, family);
  if (problem) ctx.addIssue({ code: 'custom', path: ['hard_difficulties'], message: problem, params: { partners: ['task'] } });
}

/**
 * The rules on the rows as a whole: at least one, every name once (the paper's method and arm
 * names are taken), every arm's compute-parity split possible with num_generations, and a sweep's
 * reference among the rows.
 */
function refuseBadRows(c: Pick<ExperimentConfig, 'methods' | 'arms' | 'sweep' | 'rl'>, ctx: z.RefinementCtx): void {
  const own = [...(c.arms ?? []).map((arm, i) => ({ arm, path: ['arms', i] })), ...(c.sweep ? sweepArms(c.sweep).map((arm, i) => ({ arm, path: ['sweep', 'values', i] })) : [])];
  if (c.methods.length + own.length === 0) ctx.addIssue({ code: 'custom', path: ['methods'], message: 'pick at least one method' });
  const taken = new Map<string, string>([...Object.keys(NAMED_ARMS), ...METHODS].map((n) => [n, 'a name of the paper\'s methods and arms']));
  for (const { arm, path } of own) {
    const at = path[0] === 'arms' ? [...path, 'name'] : path;
    const clash = taken.get(arm.name);
    if (clash) ctx.addIssue({ code: 'custom', path: at, message: `${JSON.stringify(arm.name)} is ${clash}` });
    else if (!armNameSchema.safeParse(arm.name).success) ctx.addIssue({ code: 'custom', path: at, message: `${JSON.stringify(arm.name)} is no name for an arm: ${armNameSchema.safeParse(arm.name).error?.issues[0]?.message}` });
    taken.set(arm.name, 'listed twice');
    const parity = armParityProblem(arm, c.rl.num_generations);
    if (parity) ctx.addIssue({ code: 'custom', path: path[0] === 'arms' ? [...path, 'solutions_per_draft'] : path, message: parity, params: { partners: ['rl.num_generations'] } });
  }
  if (c.sweep?.reference !== undefined && !runRows(c).some((r) => r.name === c.sweep!.reference)) {
    ctx.addIssue({ code: 'custom', path: ['sweep', 'reference'], message: `${JSON.stringify(c.sweep.reference)} is not a row of this run (a method it picks, one of its arms or a point of the sweep)` });
  }
}

export const DEFAULT_EXPERIMENT: ExperimentConfig = {
  version: 1,
  task: 'math',
  base_pair: 'shipped',
  base_pair_source: 'shipped',
  methods: ['agon', 'grpo', 'moa', 'zero-shot'],
  steps: 200,
  problems_per_step: 8,
  eval_every: 100,
  eval_problems: 1000,
  eval_samples: 1,
  pass_k: 1,
  seed: 1,
  show_draft_answer: false,
  rl: DEFAULT_RL_CONFIG,
};

export interface ConfigIssue {
  path: string;
  message: string;
}

/** Validates anything (a parsed URL, a file, a form) into a config, or a list of field-level issues. */
export function parseExperimentConfig(input: unknown): { ok: true; config: ExperimentConfig } | { ok: false; issues: ConfigIssue[] } {
  const parsed = experimentConfigSchema.safeParse(input);
  if (parsed.success) return { ok: true, config: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
}
