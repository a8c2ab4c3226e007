"""One training step of an arm: GRPO or an Agon variant (src/core/rl/grpo.ts, agon.ts), data-parallel.

Each process samples its share of the step's problems; the rewards of every share are gathered
so advantages (per group, or over the batch) are the one-process ones; each process's loss is
its share of the whole batch's, and DistributedDataParallel all-reduces the gradients, so every
process takes the same optimizer step the one-process run takes.
"""
import torch
from torch.nn.parallel import DistributedDataParallel

from .draws import sampling_draws
from .model import completion_log_probs, sample, sequence_batch
from .rl import agon_scores, aggregate, group_advantages, k3, plain_reward, policy_loss_terms, problem_split, read_draft, roles
from .tasks import EOS_ID, PAD_ID, decode, drafted_prompt, encode

# tf.backend().epsilon() of the playground's Adam (torch's default is 1e-8).
ADAM_EPS = 1e-7


class Learner:
    def __init__(self, model, reference, rl, world):
        self.model = model
        self.reference = reference
        self.trainable = DistributedDataParallel(model) if world.distributed else model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=rl["learning_rate"], betas=(0.9, 0.999), eps=ADAM_EPS)


def my_draws(seed, rows, share, max_new, world):
    """This process's rows of the draws the playground takes for a batch of `rows` (the same whichever process samples a row)."""
    start, end = share
    return sampling_draws(seed, rows, max_new)[start:end].to(world.device)


def rollouts(model, prompts, draws, rl):
    tokens, logps = sample(model, [encode(p) for p in prompts], rl["max_completion_length"], rl["temperature"], rl["top_p"], EOS_ID, PAD_ID, draws)
    return [{"prompt": p, "tokens": t, "logps": lp, "text": decode(t)} for p, t, lp in zip(prompts, tokens, logps)]


def update_policy(learner, rows, advantages, rl, world):
    """One GRPO update on this process's rows; returns (loss, kl) of the whole batch."""
    device = world.device
    tokens, mask = sequence_batch([(encode(r["prompt"]), r["tokens"]) for r in rows], PAD_ID, device)
    old = torch.zeros_like(mask)
    for b, r in enumerate(rows):
        start = len(encode(r["prompt"]))
        old[b, start : start + len(r["tokens"])] = torch.tensor(r["logps"])
    adv = torch.tensor(advantages, dtype=mask.dtype, device=device)
    with torch.no_grad():
        ref = completion_log_probs(learner.reference, tokens, mask)
        kl_sum = float((k3(old, ref) * mask).sum())
    global_rows = world.sum(len(rows))
    global_tokens = world.sum(float(mask.sum()))
    kl = world.sum(kl_sum) / max(global_tokens, 1)
    loss = 0.0
    for _ in range(rl["num_iterations"]):
        learner.optimizer.zero_grad(set_to_none=True)
        logp = completion_log_probs(learner.trainable, tokens, mask)
        share = aggregate(policy_loss_terms(logp, old, adv, mask, rl, ref if rl["beta"] > 0 else None), mask, rl, global_rows, global_tokens)
        # DistributedDataParallel averages gradients over processes; the shares must add up.
        (share * world.size).backward()
        learner.optimizer.step()
        loss = world.sum(float(share))
        if loss != loss or abs(loss) == float("inf"):
            raise FloatingPointError(f"policy loss became {loss}")
    return {"loss": loss, "kl": kl}


def _flatten(parts):
    return [x for part in parts for x in part]


def grpo_step(learner, family, problems, rl, seed, world):
    """GRPO: 2N samples per problem from the plain prompt (compute parity with Agon)."""
    group = 2 * rl["num_generations"]
    start, end = world.share(len(problems))
    prompts = [family.plain_prompt(problems[i]) for i in range(start, end) for _ in range(group)]
    samples = rollouts(learner.model, prompts, my_draws(seed, len(problems) * group, (start * group, end * group), rl["max_completion_length"], world), rl)
    verdicts = [family.verify(problems[start + k // group], s["text"]) for k, s in enumerate(samples)]
    outcomes = [(v["verdict"] == "correct", v["format"]) for v in verdicts]
    everyone = world.gather({"outcomes": outcomes, "tokens": [len(s["tokens"]) for s in samples]})
    all_outcomes = _flatten(p["outcomes"] for p in everyone)
    rewards = [plain_reward(c, f, rl["format_weight"]) for c, f in all_outcomes]
    advantages = group_advantages([r["total"] for r in rewards], group, rl["scale_rewards"])
    mine = advantages[start * group : end * group]
    update = update_policy(learner, samples, mine, rl, world)
    return {"kind": "grpo", "streams": {"A": {"tokens": _flatten(p["tokens"] for p in everyone), "rewards": [r["total"] for r in rewards], "learned": True}}, "kl": update["kl"]}


def agon_step(learners, family, problems, step, rl, options, seed, world):
    """Agon (src/core/rl/agon.ts) with an arm's mechanisms under the config's names (options, plus
    show_draft_answer): D drafts per problem, m solutions per draft each reading its draft (or the
    problem's first), rewards with the weighted bonus and the drafter's form, one update per
    model that learns (learners: both, drafter or solver)."""
    n, m = rl["num_generations"], options["solutions_per_draft"]
    per_drafts, per_solutions = problem_split(n, m)
    drafter, solver = roles(step, options["roles"], options["swap_every"])
    start, end = world.share(len(problems))
    plain = [family.plain_prompt(problems[i]) for i in range(start, end) for _ in range(per_drafts)]
    draft_rows = (start * per_drafts, end * per_drafts)
    drafts = rollouts(learners[drafter].model, plain, my_draws(seed, len(problems) * per_drafts, draft_rows, rl["max_completion_length"], world), rl)
    # A share holds whole problems, so every draft its solutions read is its own; the solutions' draws are seed + 1's, as in agon.ts.
    solve_rows = (start * per_solutions, end * per_solutions)
    read = [drafts[read_draft(j, n, m, options["opponent"]) - draft_rows[0]] for j in range(*solve_rows)]
    prompts = [drafted_prompt(problems[start + k // per_solutions], family.draft_view(d["text"], options["show_draft_answer"])) for k, d in enumerate(read)]
    solutions = rollouts(learners[solver].model, prompts, my_draws(seed + 1, len(problems) * per_solutions, solve_rows, rl["max_completion_length"], world), rl)

    def outcomes(rows, per_problem):
        vs = [family.verify(problems[start + k // per_problem], r["text"]) for k, r in enumerate(rows)]
        return [(v["verdict"] == "correct", v["format"]) for v in vs]

    everyone = world.gather({
        "drafts": outcomes(drafts, per_drafts),
        "solutions": outcomes(solutions, per_solutions),
        "draftTokens": [len(d["tokens"]) for d in drafts],
        "solveTokens": [len(s["tokens"]) for s in solutions],
    })
    scores = agon_scores(_flatten(p["drafts"] for p in everyone), _flatten(p["solutions"] for p in everyone), n, rl, options)
    learns = {"drafter": options["learners"] != "solver", "solver": options["learners"] != "drafter"}
    updates = []
    if learns["drafter"]:
        updates.append(update_policy(learners[drafter], drafts, scores["draftAdvantages"][slice(*draft_rows)], rl, world))
    if learns["solver"]:
        updates.append(update_policy(learners[solver], solutions, scores["solveAdvantages"][slice(*solve_rows)], rl, world))
    return {
        "kind": "agon",
        "streams": {
            "drafter": {"tokens": _flatten(p["draftTokens"] for p in everyone), "rewards": [r["total"] for r in scores["draftRewards"]], "learned": learns["drafter"]},
            "solver": {"tokens": _flatten(p["solveTokens"] for p in everyone), "rewards": [r["total"] for r in scores["solveRewards"]], "learned": learns["solver"]},
        },
        "kl": sum(u["kl"] for u in updates) / len(updates),
    }
