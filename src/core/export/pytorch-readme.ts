/** The README of an exported PyTorch project: how to run it at every scale, and the config in TRL's GRPOConfig terms. */
import type { ExperimentConfig } from '../experiment/config';

/** Every config field, with what it is in TRL's GRPOConfig (or why it has no counterpart there). */
export function trlMapping(config: ExperimentConfig): [field: string, value: string, trl: string][] {
  const rl = config.rl;
  const v = (x: unknown) => JSON.stringify(x);
  return [
    ['rl.num_generations', v(rl.num_generations), 'num_generations (Agon: N per stream; GRPO here samples 2N for compute parity, so set num_generations=2N when running GRPO in TRL)'],
    ['rl.beta', v(rl.beta), 'beta (k3 KL to the frozen starting model)'],
    ['rl.epsilon', v(rl.epsilon), 'epsilon'],
    ['rl.epsilon_high', v(rl.epsilon_high), 'epsilon_high'],
    ['rl.loss_type', v(rl.loss_type), 'loss_type'],
    ['rl.scale_rewards', v(rl.scale_rewards), 'scale_rewards ("group" | "batch" | "none"; older TRL: True = "group", False = "none")'],
    ['rl.temperature', v(rl.temperature), 'temperature'],
    ['rl.top_p', v(rl.top_p), 'top_p'],
    ['rl.max_completion_length', v(rl.max_completion_length), 'max_completion_length'],
    ['rl.num_iterations', v(rl.num_iterations), 'num_iterations'],
    ['rl.learning_rate', v(rl.learning_rate), 'learning_rate (Adam, betas 0.9/0.999, eps 1e-7, no schedule, no weight decay: set adam_epsilon=1e-7, lr_scheduler_type="constant", weight_decay=0)'],
    ['rl.format_weight', v(rl.format_weight), 'reward_weights=[2, format_weight] over a correctness and a format reward function (the challenger adds the bonus reward with weight 1)'],
    ['problems_per_step', v(config.problems_per_step), 'per_device_train_batch_size * world size * gradient_accumulation_steps = problems_per_step * num_generations (TRL counts completions, not prompts)'],
    ['steps', v(config.steps), 'max_steps'],
    ['seed / seeds', v(config.seeds ?? [config.seed]), 'seed (one TRL run per seed)'],
    ['eval_every', v(config.eval_every), 'eval_steps (with eval_strategy="steps")'],
    ['eval_problems', v(config.eval_problems), 'the size of eval_dataset (the first eval_problems of test-hard and of validation)'],
    ['eval_samples, pass_k', `${config.eval_samples}, ${config.pass_k}`, 'no counterpart: unbiased pass@k from eval_samples samples per problem'],
    ['show_draft_answer', v(config.show_draft_answer), 'no counterpart (Agon): whether the challenger sees the draft\'s final answer'],
    ['methods', v(config.methods), 'no counterpart: which arms to train (GRPO is GRPOTrainer; each Agon variant is two GRPO learners that take turns)'],
    ['arms, sweep', `${v((config.arms ?? []).map((a) => a.name))}, ${config.sweep ? `${config.sweep.field} over ${v(config.sweep.values)}` : 'none'}`, "no counterpart: the config's own arms and its sweep's points, trained and read out like the methods (an Agon arm with the mechanisms it sets)"],
    ['task, base_pair', `${v(config.task)}, ${v(config.base_pair)}`, 'train_dataset and model (here the shipped base pair, converted on load)'],
    ['hard_difficulties', config.hard_difficulties ? v(config.hard_difficulties) : "the family's", 'no counterpart: the difficulties train_dataset and eval_dataset are drawn at (a pair made for a hard split of its own is trained and measured on it)'],
  ];
}

/** The rows beyond the paper's methods, for the README's first line. */
function ownRows(config: ExperimentConfig): string {
  const arms = config.arms?.length ? `, own arms ${config.arms.map((a) => a.name).join(', ')}` : '';
  const sweep = config.sweep ? `, a sweep of ${config.sweep.field} over ${config.sweep.values.join(', ')}` : '';
  return arms + sweep;
}

export function pytorchReadme(config: ExperimentConfig, seeds: readonly number[]): string {
  const rows = trlMapping(config).map(([field, value, trl]) => `| \`${field}\` | \`${value}\` | ${trl} |`);
  return `# Agon Playground experiment, as a PyTorch project

Exported from the Agon Playground: the ${config.task} task, methods ${config.methods.join(', ')}${ownRows(config)},
${config.steps} steps of ${config.problems_per_step} problems, seed${seeds.length > 1 ? 's' : ''} ${seeds.join(', ')}.
\`train.py\` trains every arm from the base pair (checkpoints/, converted to PyTorch state dicts
and checked on load) on the playground's own problem stream (data/train-seed<S>.json) and
evaluates on the same test-hard and validation problems (data/eval-*.json). Results go to
\`results/result-seed<S>.json\` in the playground's result schema: import them in the playground
("Import run") to see the curves next to the runs made in the tab. Trained weights go to
\`results/weights-seed<S>-<arm>-<member>.pt\` (state dicts).

Needs Python 3 and PyTorch (Debian: \`apt-get install python3-torch\`; elsewhere \`pip install torch\`).

## Run it

One CPU:

    python3 train.py --device cpu

One GPU:

    python3 train.py --device cuda

N GPUs on one machine (each process samples its share of a step's problems, the gradients are
all-reduced, rank 0 evaluates and writes; gloo on the CPU, nccl on CUDA, picked automatically):

    torchrun --nproc_per_node=N train.py

Several machines (run on each, with its own --node_rank):

    torchrun --nnodes=2 --node_rank=0 --nproc_per_node=8 --master_addr=HOST --master_port=29500 train.py

Debian bookworm's PyTorch (1.13 on Python 3.11) has a torchrun that stops at start with
"'NoneType' object has no attribute 'get'"; add \`--redirects 1 --tee 1\` after \`torchrun\`
there (PyTorch 2 does not need it).

Options: \`--steps N\` (at most ${config.steps}, the stream exported; export again with more steps
for longer), \`--seeds 1,2\` (among those exported), \`--device cpu|cuda\`, \`--threads N\`,
\`--out DIR\`, and the model size \`--d-model --layers --heads --d-ff\` (a fresh model of that
size instead of the base pair: it starts without the pair's knowledge). A step needs at least
one problem per process: run at most problems_per_step (${config.problems_per_step}) processes.

## The config in TRL's GRPOConfig terms

| config field | value | TRL GRPOConfig |
| --- | --- | --- |
${rows.join('\n')}

Rewards: correctness c in {0, 1} and format f in [0, 1]; drafter and GRPO R = 2c + format_weight f;
challenger R = 2c + w bonus + format_weight f (w: bonus_weight, 1 in the paper), bonus
c(b)(1 - c(a)) (Agon), c(b) - c(a) (margin), 0 (cooperative); a zero-sum drafter (drafter_reward)
also pays the mean w bonus its readers earned. Advantages are group-relative within each stream's
own samples.
`;
}
