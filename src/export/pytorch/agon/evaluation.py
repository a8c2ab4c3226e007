"""Evaluation as the playground does it (src/core/eval, src/core/experiment/evaluate.ts).

pass@1 on test-hard with 95% Clopper-Pearson intervals; a readout's candidates (models A and
B, or the cascade in both directions A->B and B->A) are all kept, and the one with the best
validation pass@1 is chosen, so the test split never picks what is reported on it. Cascades
also give the drafter alone, and rescue (draft wrong, answer right), sabotage (draft right,
answer wrong) and copy rates.
"""
import math

import torch

from .draws import sampling_draws
from .model import sample
from .tasks import EOS_ID, PAD_ID, decode, drafted_prompt, encode

CHUNK = 512


def _log_choose(n, k):
    s = 0.0
    for i in range(1, k + 1):
        s += math.log(n - k + i) - math.log(i)
    return s


def _upper_tail(n, k, p):
    if k <= 0:
        return 1.0
    if p <= 0:
        return 0.0
    if p >= 1:
        return 1.0
    lp, lq = math.log(p), math.log1p(-p)
    log_c = _log_choose(n, k)
    total = 0.0
    for i in range(k, n + 1):
        total += math.exp(log_c + i * lp + (n - i) * lq)
        log_c += math.log(n - i) - math.log(i + 1) if i < n else 0
    return min(1.0, total)


def _solve(f, target):
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if f(mid) < target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def clopper_pearson(k, n, confidence=0.95):
    if n == 0:
        return 0.0, 1.0
    alpha = 1 - confidence
    low = 0.0 if k == 0 else _solve(lambda p: _upper_tail(n, k, p), alpha / 2)
    high = 1.0 if k == n else _solve(lambda p: _upper_tail(n, k + 1, p), 1 - alpha / 2)
    return low, high


def score(correct):
    k, n = sum(correct), len(correct)
    low, high = clopper_pearson(k, n)
    return {"correct": k, "n": n, "passAt1": 0 if n == 0 else k / n, "low": low, "high": high}


def pass_at_k(n, c, k):
    if n - c < k:
        return 1.0
    miss = 1.0
    for i in range(n - c + 1, n + 1):
        miss *= 1 - k / i
    return 1 - miss


def generate(model, prompts, sampling, seed, device):
    """Sampled completions (texts, token counts) of prompt texts, with the draws the playground takes for `seed`."""
    uniforms = sampling_draws(seed, len(prompts), sampling["maxNewTokens"]).to(device)
    texts, lengths = [], []
    for start in range(0, len(prompts), CHUNK):
        ids = [encode(p) for p in prompts[start : start + CHUNK]]
        rows, _ = sample(model, ids, sampling["maxNewTokens"], sampling["temperature"], sampling["topP"], EOS_ID, PAD_ID, uniforms[start : start + CHUNK])
        texts.extend(decode(r) for r in rows)
        lengths.extend(len(r) for r in rows)
    return texts, lengths


def _stage(family, problems, texts, lengths):
    verifications = [family.verify(p, t) for p, t in zip(problems, texts)]
    tokens = sum(lengths)
    return {"correct": [v["verdict"] == "correct" for v in verifications], "meanLength": tokens / max(1, len(lengths)), "tokens": tokens}, verifications


def solo_stage(model, family, problems, sampling, seed, device):
    texts, lengths = generate(model, [family.plain_prompt(p) for p in problems], sampling, seed, device)
    stage, verifications = _stage(family, problems, texts, lengths)
    return stage, texts, verifications


def _rate(hits, of):
    return 0 if of == 0 else hits / of


def evaluate_cascade(drafter, solver, family, problems, sampling, seed, show_answer, device):
    draft, texts, draft_verifications = solo_stage(drafter, family, problems, sampling, seed, device)
    prompts = [drafted_prompt(p, family.draft_view(t, show_answer)) for p, t in zip(problems, texts)]
    final_texts, lengths = generate(solver, prompts, sampling, seed + 1, device)
    final, verifications = _stage(family, problems, final_texts, lengths)
    right = draft["correct"]
    wrong = sum(1 for c in right if not c)
    rescues = sum(1 for c, d in zip(final["correct"], right) if c and not d)
    sabotages = sum(1 for c, d in zip(final["correct"], right) if not c and d)
    copies = sum(1 for v, d in zip(verifications, draft_verifications) if v["answer"] is not None and v["answer"] == d["answer"])
    return {
        "final": final,
        "draft": draft,
        "rescueRate": _rate(rescues, wrong),
        "sabotageRate": _rate(sabotages, len(problems) - wrong),
        "copyRate": _rate(copies, len(problems)),
    }


class EvalContext:
    def __init__(self, family, test, validation, sampling, seed, show_answer, n_samples, k, device):
        self.family, self.test, self.validation = family, test, validation
        self.sampling, self.seed, self.show_answer = sampling, seed, show_answer
        self.n_samples, self.k, self.device = n_samples, k, device
        self.tokens = 0


def _pass_at_k(first, rollout, ctx):
    if ctx.n_samples <= 1:
        return None
    counts = [int(c) for c in first]
    for s in range(1, ctx.n_samples):
        correct, tokens = rollout(1000 * s)
        ctx.tokens += tokens
        counts = [c + int(x) for c, x in zip(counts, correct)]
    value = sum(pass_at_k(ctx.n_samples, c, ctx.k) for c in counts) / len(counts)
    return {"n": ctx.n_samples, "k": ctx.k, "value": value}


def _solo(name, model, ctx):
    def run(problems, offset=0):
        return solo_stage(model, ctx.family, problems, ctx.sampling, ctx.seed + offset, ctx.device)[0]

    test, validation = run(ctx.test), run(ctx.validation)
    ctx.tokens += test["tokens"] + validation["tokens"]
    result = {"name": name, "test": score(test["correct"]), "validation": score(validation["correct"]), "finalLength": test["meanLength"]}
    more = _pass_at_k(test["correct"], lambda o: (lambda s: (s["correct"], s["tokens"]))(run(ctx.test, o)), ctx)
    if more:
        result["passAtK"] = more
    return result


def _cascade(drafter, solver, models, ctx):
    def run(problems, offset=0):
        return evaluate_cascade(models[drafter], models[solver], ctx.family, problems, ctx.sampling, ctx.seed + offset, ctx.show_answer, ctx.device)

    test, validation = run(ctx.test), run(ctx.validation)
    ctx.tokens += test["final"]["tokens"] + test["draft"]["tokens"] + validation["final"]["tokens"] + validation["draft"]["tokens"]
    result = {
        "name": f"{drafter}->{solver}",
        "test": score(test["final"]["correct"]),
        "validation": score(validation["final"]["correct"]),
        "finalLength": test["final"]["meanLength"],
        "drafterAlone": score(test["draft"]["correct"]),
        "rescueRate": test["rescueRate"],
        "sabotageRate": test["sabotageRate"],
        "copyRate": test["copyRate"],
    }

    def more(offset):
        r = run(ctx.test, offset)
        return r["final"]["correct"], r["final"]["tokens"] + r["draft"]["tokens"]

    extra = _pass_at_k(test["final"]["correct"], more, ctx)
    if extra:
        result["passAtK"] = extra
    return result


def choose_on_validation(candidates):
    best = 0
    for i, c in enumerate(candidates):
        if c["validation"]["passAt1"] > candidates[best]["validation"]["passAt1"]:
            best = i
    return best


@torch.no_grad()
def evaluate_readout(readout, members, models, ctx):
    candidates = []
    for m in members:
        if readout == "solo":
            candidates.append(_solo(m, models[m], ctx))
        if readout == "self-cascade":
            candidates.append(_cascade(m, m, models, ctx))
    if readout == "pair-cascade":
        candidates.append(_cascade("A", "B", models, ctx))
        candidates.append(_cascade("B", "A", models, ctx))
    return {"candidates": candidates, "chosen": choose_on_validation(candidates)}
