"""Rewards, advantages and the GRPO policy loss of src/core/rl, under TRL's GRPOConfig names.

  drafter / GRPO:  R(a) = 2 c(a) + format_weight * f(a)
  challenger:      R(b) = 2 c(b) + bonus(b, a) + format_weight * f(b)
  bonus: conversion c(b)(1 - c(a)) (Agon), margin c(b) - c(a), none (cooperative exchange)
  advantage: (r - group mean) / (std + 1e-4), std unbiased of the group ('group'), of the batch
  ('batch'), or 1 ('none')
  per token: -min(ratio A, clip(ratio, 1 - epsilon, 1 + epsilon_high) A) + beta k3(ref, logp)
  loss_type grpo: mean per sequence then over sequences; dapo: sum / completion tokens;
  dr_grpo: sum / (sequences * max_completion_length)
"""
import torch

CORRECT_WEIGHT = 2
STD_EPS = 1e-4


def plain_reward(correct, fmt, format_weight):
    correctness = CORRECT_WEIGHT * int(correct)
    f = format_weight * fmt
    return {"correctness": correctness, "bonus": 0, "format": f, "total": correctness + f}


def bonus_term(kind, challenger_correct, drafter_correct):
    cb, ca = int(challenger_correct), int(drafter_correct)
    if kind == "conversion":
        return cb * (1 - ca)
    if kind == "margin":
        return cb - ca
    return 0


def challenger_reward(correct, fmt, drafter_correct, kind, format_weight):
    r = plain_reward(correct, fmt, format_weight)
    bonus = bonus_term(kind, correct, drafter_correct)
    return {**r, "bonus": bonus, "total": r["total"] + bonus}


def _mean(xs):
    return sum(xs) / len(xs)


def _std(xs):
    if len(xs) < 2:
        return 0.0
    m = _mean(xs)
    return (sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) ** 0.5


def group_advantages(rewards, group_size, scale):
    """rewards: consecutive groups of group_size (in float64, as the playground's JavaScript numbers)."""
    if group_size < 1 or len(rewards) % group_size != 0:
        raise ValueError(f"{len(rewards)} rewards do not split into groups of {group_size}")
    batch_std = _std(rewards)
    out = []
    for g in range(0, len(rewards), group_size):
        group = rewards[g : g + group_size]
        m = _mean(group)
        divisor = _std(group) + STD_EPS if scale == "group" else batch_std + STD_EPS if scale == "batch" else 1
        out.extend((r - m) / divisor for r in group)
    return out


def read_index(i, n, shared_opponent):
    """The draft solution i reads: its own, or its group's first under the shared-opponent ablation."""
    return i - (i % n) if shared_opponent else i


def roles(step, fixed_roles):
    """(drafter, solver): A drafts on even steps; always under fixed roles."""
    return ("A", "B") if fixed_roles or step % 2 == 0 else ("B", "A")


def agon_scores(drafts, solutions, n, rl, options):
    """Rewards and per-stream advantages from outcomes [(correct, format)] in groups of n."""
    fw = rl["format_weight"]
    draft_rewards = [plain_reward(c, f, fw) for c, f in drafts]
    solve_rewards = [
        challenger_reward(c, f, drafts[read_index(i, n, options["sharedOpponent"])][0], options["bonus"], fw)
        for i, (c, f) in enumerate(solutions)
    ]
    return {
        "draftRewards": draft_rewards,
        "solveRewards": solve_rewards,
        "draftAdvantages": group_advantages([r["total"] for r in draft_rewards], n, rl["scale_rewards"]),
        "solveAdvantages": group_advantages([r["total"] for r in solve_rewards], n, rl["scale_rewards"]),
    }


def k3(logp, ref_logp):
    d = ref_logp - logp
    return torch.exp(d) - d - 1


def policy_loss_terms(logp, old_logp, advantages, mask, rl, ref_logp=None):
    """The masked per-token loss [B, T] (before aggregation)."""
    adv = advantages[:, None]
    ratio = torch.exp(logp - old_logp)
    clipped = ratio.clamp(1 - rl["epsilon"], 1 + rl["epsilon_high"])
    per_token = -torch.minimum(ratio * adv, clipped * adv)
    if rl["beta"] > 0:
        if ref_logp is None:
            raise ValueError("beta > 0 needs reference log-probs")
        per_token = per_token + rl["beta"] * k3(logp, ref_logp)
    return per_token * mask


def aggregate(masked, mask, rl, global_rows, global_tokens):
    """This process's share of the loss over the whole batch (its rows over the global counts), so
    the shares' sum, and the sum of their gradients, is the one-process loss and gradient."""
    if rl["loss_type"] == "grpo":
        return (masked.sum(1) / mask.sum(1).clamp(min=1)).sum() / global_rows
    if rl["loss_type"] == "dapo":
        return masked.sum() / max(global_tokens, 1)
    return masked.sum() / (global_rows * rl["max_completion_length"])


def policy_loss(logp, old_logp, advantages, mask, rl, ref_logp=None):
    """The loss of one whole batch (src/core/rl/grpo-loss.ts policyLoss)."""
    masked = policy_loss_terms(logp, old_logp, advantages, mask, rl, ref_logp)
    return aggregate(masked, mask, rl, mask.shape[0], float(mask.sum()))
