#!/usr/bin/python3
"""Test-side probe of the exported Python (not exported itself): reads one JSON request on stdin,
answers with JSON on stdout, for the equivalence tests in this folder.

  logprobs  {checkpoint, rows: [[prompt ids, completion ids]]}  -> completion log-probs per row
  sample    {checkpoint, prompts: [ids], sampling, seed}         -> tokens and log-probs per prompt, with the playground's draws
  verify    {family, items: [{problem, completion}]}            -> verdict, answer, format and both draft views per item
  loss      {checkpoints, rl, kind, options, rows...}            -> advantages, loss and gradients per stream
  scores    [{drafts, solutions, n, rl, options}]                -> an Agon step's rewards and advantages per case
  roles     [{step, roles, swap_every}]                          -> [drafter, solver] per case
  upgrade   export.json's contents                               -> as train.py reads them (version 2)
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import torch  # noqa: E402

from agon.draws import sampling_draws  # noqa: E402
from agon.export_file import upgrade  # noqa: E402
from agon.model import completion_log_probs, load_model, sample, sequence_batch  # noqa: E402
from agon.rl import agon_scores, group_advantages, plain_reward, policy_loss, roles  # noqa: E402
from agon.tasks import EOS_ID, PAD_ID, TOKENIZER_VERSION, Family  # noqa: E402

torch.set_num_threads(1)


def logprobs(req):
    model = load_model(req["checkpoint"], TOKENIZER_VERSION)
    tokens, mask = sequence_batch(req["rows"], PAD_ID, "cpu")
    with torch.no_grad():
        lp = completion_log_probs(model, tokens, mask)
    return [lp[b, len(p) : len(p) + len(c)].tolist() for b, (p, c) in enumerate(req["rows"])]


def draw(req):
    model = load_model(req["checkpoint"], TOKENIZER_VERSION)
    s = req["sampling"]
    draws = sampling_draws(req["seed"], len(req["prompts"]), s["maxNewTokens"])
    with torch.no_grad():
        tokens, logps = sample(model, req["prompts"], s["maxNewTokens"], s["temperature"], s["topP"], EOS_ID, PAD_ID, draws)
    return [{"tokens": t, "logps": lp} for t, lp in zip(tokens, logps)]


def verify(req):
    family = Family(req["family"])
    out = []
    for item in req["items"]:
        v = family.verify(item["problem"], item["completion"])
        out.append({**v, "hidden": family.draft_view(item["completion"], False), "shown": family.draft_view(item["completion"], True)})
    return out


def stream_loss(checkpoint, reference, rows, old, advantages, rl):
    model = load_model(checkpoint, TOKENIZER_VERSION)
    tokens, mask = sequence_batch(rows, PAD_ID, "cpu")
    old_t = torch.zeros_like(mask)
    for b, (p, c) in enumerate(rows):
        old_t[b, len(p) : len(p) + len(c)] = torch.tensor(old[b])
    ref = None
    if rl["beta"] > 0:
        with torch.no_grad():
            ref = completion_log_probs(load_model(reference, TOKENIZER_VERSION), tokens, mask)
    loss = policy_loss(completion_log_probs(model, tokens, mask), old_t, torch.tensor(advantages, dtype=torch.float32), mask, rl, ref)
    loss.backward()
    return {"loss": float(loss), "grads": {k: p.grad.flatten().tolist() for k, p in model.named_parameters()}}


def loss(req):
    rl = req["rl"]
    if req["kind"] == "grpo":
        s = req["streams"][0]
        rewards = [plain_reward(c, f, rl["format_weight"])["total"] for c, f in s["outcomes"]]
        adv = group_advantages(rewards, req["groupSize"], rl["scale_rewards"])
        return [{"advantages": adv, **stream_loss(s["checkpoint"], s["reference"], s["rows"], s["old"], adv, rl)}]
    d, s = req["streams"]
    scores = agon_scores(d["outcomes"], s["outcomes"], req["groupSize"], rl, req["options"])
    return [
        {"advantages": scores["draftAdvantages"], **stream_loss(d["checkpoint"], d["reference"], d["rows"], d["old"], scores["draftAdvantages"], rl)},
        {"advantages": scores["solveAdvantages"], **stream_loss(s["checkpoint"], s["reference"], s["rows"], s["old"], scores["solveAdvantages"], rl)},
    ]


def scores(req):
    return [agon_scores(c["drafts"], c["solutions"], c["n"], c["rl"], c["options"]) for c in req]


def schedule(req):
    return [roles(c["step"], c["roles"], c["swap_every"]) for c in req]


if __name__ == "__main__":
    command = sys.argv[1]
    request = json.load(sys.stdin)
    json.dump({"logprobs": logprobs, "sample": draw, "verify": verify, "loss": loss, "scores": scores, "roles": schedule, "upgrade": upgrade}[command](request), sys.stdout)
