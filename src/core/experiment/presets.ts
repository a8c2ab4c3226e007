/** Named experiments: what the CLI's --preset and the UI's preset menu offer. */
import type { TaskFamilyName } from '../tasks/task';
import { DEFAULT_EXPERIMENT, type ExperimentConfig } from './config';
import { METHODS } from './methods';

export const PRESETS = {
  /** Agon against its baselines: the headline comparison. */
  'agon-vs-grpo': { ...DEFAULT_EXPERIMENT, methods: ['agon', 'grpo', 'moa', 'zero-shot'] },
  /**
   * Learning within a few minutes on a laptop CPU (wasm, 2 cores): 60 steps, evaluations on
   * 200 problems every 20. Measured with the shipped math pair in Node (98 s, 2 processes): GRPO
   * 37.0% -> 51.0%, Agon's cascade 76.0% -> 82.0%, each with a 95% interval 12-14 points wide. On
   * the paper-premise code pair the page opens with (9 min in one process beside two others): GRPO
   * 24.5% -> 24.0%, Agon's cascade 38.0% -> 45.5% (docs/results.md, what the playground opens with).
   */
  classroom: { ...DEFAULT_EXPERIMENT, methods: ['agon', 'grpo', 'moa', 'zero-shot'], steps: 60, eval_every: 20, eval_problems: 200 },
  /**
   * A question of a lecture's own: does the solver's bonus for beating a wrong draft matter, and how
   * much of it? Agon with bonus weight 0, 0.5, 1, 2 and 3 on the paper-premise math pair, each point
   * paired against 1 (Agon as published), GRPO and zero-shot beside them. 200 steps, evaluations at
   * 0, 100 and 200 on 500 problems: 15 minutes with two processes on 2 cores (measured in
   * docs/playground.md, "Ask your own question").
   */
  'lecture-bonus-weight': {
    ...DEFAULT_EXPERIMENT,
    base_pair: 'premise',
    methods: ['grpo', 'zero-shot'],
    sweep: { field: 'bonus_weight', values: [0, 0.5, 1, 2, 3], arm: {}, reference: 'bonus_weight=1' },
    steps: 200,
    eval_every: 100,
    eval_problems: 500,
  },
  /** Every row of the paper's table, evaluated every 50 steps so the curves show whether training has flattened. */
  'paper-table': { ...DEFAULT_EXPERIMENT, methods: [...METHODS], eval_every: 50 },
  /** End-to-end check in seconds: every method, two rounds, a handful of problems. */
  smoke: {
    ...DEFAULT_EXPERIMENT,
    methods: [...METHODS],
    steps: 2,
    problems_per_step: 2,
    eval_every: 1,
    eval_problems: 10,
    rl: { ...DEFAULT_EXPERIMENT.rl, num_generations: 2 },
  },
  /** Smallest run that still shows every view: for browser tests and CPU-emulated WebGPU. */
  micro: {
    ...DEFAULT_EXPERIMENT,
    methods: ['agon', 'grpo', 'moa', 'zero-shot'],
    steps: 2,
    problems_per_step: 1,
    eval_every: 1,
    eval_problems: 10,
    rl: { ...DEFAULT_EXPERIMENT.rl, num_generations: 2 },
  },
} satisfies Record<string, ExperimentConfig>;

export type PresetName = keyof typeof PRESETS;

export function isPresetName(name: string): name is PresetName {
  return Object.hasOwn(PRESETS, name);
}

/** A preset for a task family: the completion budget follows the family's layout. */
export function presetFor(name: PresetName, task: TaskFamilyName, maxCompletionLength: number): ExperimentConfig {
  const preset: ExperimentConfig = PRESETS[name];
  return { ...preset, task, rl: { ...preset.rl, max_completion_length: maxCompletionLength } };
}
