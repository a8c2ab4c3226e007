"""Rewards, advantages and the GRPO policy loss of src/core/rl, under TRL's GRPOConfig names.

  drafter / GRPO:  R(a) = 2 c(a) + format_weight * f(a)
  challenger:      R(b) = 2 c(b) + w bonus(b, a) + format_weight * f(b)     (w: bonus_weight)
  bonus: conversion c(b)(1 - c(a)) (Agon), margin c(b) - c(a), none (cooperative exchange)
  zero-sum drafter (drafter_reward, our option): R(a) minus the mean w bonus its readers earned
  layout (agon-layout.ts): m = solutions_per_draft, D = 2N / (m + 1) drafts and m D solutions a
  problem; solution w of a problem pairs with its draft w // m, and reads it (own-draft) or the
  problem's first (shared-draft); roles swap every swap_every steps, or A or B always drafts
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


def challenger_reward(correct, fmt, drafter_correct, kind, format_weight, weight=1):
    r = plain_reward(correct, fmt, format_weight)
    bonus = weight * bonus_term(kind, correct, drafter_correct)
    return {**r, "bonus": bonus, "total": r["total"] + bonus}


def drafter_reward(correct, fmt, reader_bonuses, form, format_weight):
    """Plain, or zero-sum: minus the mean of its readers' weighted bonuses (a draft nobody read owes nothing)."""
    r = plain_reward(correct, fmt, format_weight)
    if form == "plain" or not reader_bonuses:
        return r
    owed = sum(reader_bonuses) / len(reader_bonuses)
    return r if owed == 0 else {**r, "bonus": -owed, "total": r["total"] - owed}


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


def problem_split(n, m):
    """(D, m D): drafts and solutions a problem, D = 2N / (m + 1) so a problem takes 2N rollouts like GRPO's."""
    if m < 1 or (2 * n) % (m + 1) != 0:
        raise ValueError(f"solutions_per_draft {m} cannot split the 2N = {2 * n} rollouts of a problem (num_generations {n}): m + 1 must divide {2 * n}")
    drafts = 2 * n // (m + 1)
    return drafts, drafts * m


def paired_draft(j, n, m):
    """The draft solution j (counted over the whole step) is paired with: its problem's draft w // m."""
    drafts, solutions = problem_split(n, m)
    return j // solutions * drafts + j % solutions // m


def read_draft(j, n, m, opponent):
    """The draft solution j reads: its paired draft, or its problem's first under a shared opponent."""
    drafts, solutions = problem_split(n, m)
    return j // solutions * drafts if opponent == "shared-draft" else paired_draft(j, n, m)


def roles(step, schedule, swap_every):
    """(drafter, solver): under 'swap' A drafts in the even blocks of swap_every steps; else A or B always."""
    a_drafts = schedule == "a-drafts" or (schedule == "swap" and step // swap_every % 2 == 0)
    return ("A", "B") if a_drafts else ("B", "A")


def agon_scores(drafts, solutions, n, rl, options):
    """Rewards and per-stream advantages from outcomes [(correct, format)] laid out as problem_split says;
    options: an arm's mechanisms under the config's names."""
    fw = rl["format_weight"]
    m = options["solutions_per_draft"]
    n_drafts, n_solutions = problem_split(n, m)
    reads = [read_draft(j, n, m, options["opponent"]) for j in range(len(solutions))]
    solve_rewards = [
        challenger_reward(c, f, drafts[reads[j]][0], options["bonus"], fw, options["bonus_weight"])
        for j, (c, f) in enumerate(solutions)
    ]
    reader_bonuses = [[] for _ in drafts]
    for j, r in enumerate(solve_rewards):
        reader_bonuses[reads[j]].append(r["bonus"])
    draft_rewards = [drafter_reward(c, f, reader_bonuses[i], options["drafter_reward"], fw) for i, (c, f) in enumerate(drafts)]
    return {
        "draftRewards": draft_rewards,
        "solveRewards": solve_rewards,
        "draftAdvantages": group_advantages([r["total"] for r in draft_rewards], n_drafts, rl["scale_rewards"]),
        "solveAdvantages": group_advantages([r["total"] for r in solve_rewards], n_solutions, rl["scale_rewards"]),
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
