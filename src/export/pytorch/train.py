#!/usr/bin/env python3
"""Runs the exported Agon Playground experiment in PyTorch: python3 train.py, or torchrun --nproc_per_node=N train.py.

Every arm starts from the base pair's checkpoints, trains on the playground's own problem
stream (data/train-seed<S>.json), and is evaluated at step 0, every eval_every steps and at
the end; rank 0 evaluates and writes results/result-seed<S>.json in the playground's result
schema (import it in the playground next to the runs made in the tab). The arms and rows are
export.json's (agon/export_file.py): the paper's methods the config picks and the config's own
arms and sweep points, each row read out as the playground reads it (solo, self-cascade or
pair-cascade), each Agon arm trained with every mechanism it sets.
"""
import argparse
import json
import os
import platform
import sys
import time
from datetime import datetime, timezone

import torch

from agon.cpu import keep_freed_memory, match_blas_threads
from agon.distributed import World
from agon.evaluation import EvalContext, evaluate_readout
from agon.export_file import upgrade
from agon.model import Transformer, load_model
from agon.tasks import TOKENIZER_VERSION, VOCAB_SIZE, Family
from agon.training import Learner, agon_step, grpo_step

HERE = os.path.dirname(os.path.abspath(__file__))
SIZE_FLAGS = {"d_model": "dModel", "layers": "nLayers", "heads": "nHeads", "d_ff": "dFF"}


def read_json(*parts):
    with open(os.path.join(HERE, *parts), encoding="utf-8") as f:
        return json.load(f)


def parse_args(export):
    config = export["config"]
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--device", choices=["auto", "cpu", "cuda"], default="auto", help="auto: CUDA when there is one")
    p.add_argument("--steps", type=int, default=config["steps"], help=f"training steps (exported: {config['steps']}, at most {export['streamSteps']})")
    p.add_argument("--seeds", default=",".join(map(str, export["seeds"])), help=f"comma-separated, among the exported {export['seeds']}")
    p.add_argument("--out", default=os.path.join(HERE, "results"), help="where results/result-seed<S>.json go")
    p.add_argument("--threads", type=int, default=0, help="CPU threads per process (0: torch's default)")
    p.add_argument("--dtype", choices=["float32", "float64"], default="float32", help="float64 for exactness checks (the playground computes in float32)")
    for flag, key in SIZE_FLAGS.items():
        p.add_argument(f"--{flag.replace('_', '-')}", type=int, help=f"model {key}: a fresh model of this size instead of the base pair")
    args = p.parse_args()
    if args.steps < 1 or args.steps > export["streamSteps"]:
        p.error(f"--steps must be from 1 to {export['streamSteps']} (the problem stream exported); re-export with --steps N for more")
    try:
        args.seeds = [int(s) for s in args.seeds.split(",")]
    except ValueError:
        p.error(f"--seeds must be comma-separated whole numbers, got {args.seeds!r}")
    missing = [s for s in args.seeds if s not in export["seeds"]]
    if missing:
        p.error(f"no problem stream exported for seed(s) {missing}; re-export with --seeds to add them")
    return args


def load_pair(export, args):
    """The base pair, checked on load; or fresh models when the size is overridden."""
    sizes = {key: getattr(args, flag) for flag, key in SIZE_FLAGS.items() if getattr(args, flag) is not None}
    files = export["checkpoints"]
    if not sizes:
        return {m: load_model(os.path.join(HERE, files[m]["file"]), TOKENIZER_VERSION, files[m]["sha256"]) for m in ("A", "B")}
    config = {**export["modelConfig"], **sizes, "vocabSize": VOCAB_SIZE}
    pair = {}
    for i, m in enumerate(("A", "B")):
        model = Transformer(config)
        model.init_weights(1000 + i)
        pair[m] = model
    return pair


def clone(model, device):
    copy = Transformer(model.config).to(device)
    copy.load_state_dict(model.state_dict())
    return copy


def mean(xs):
    return sum(xs) / len(xs) if xs else 0


class Arm:
    def __init__(self, name, index, spec, rows, pair, rl, world):
        self.name, self.index, self.spec = name, index, spec
        self.rows = rows
        self.models = {m: clone(pair[m], world.device) for m in ("A", "B")}
        self.members = ["A"] if spec["kind"] == "grpo" else ["A", "B"]
        self.learners = None
        if spec["kind"] != "base":
            self.learners = {m: Learner(self.models[m], clone(pair[m], world.device).requires_grad_(False), rl, world) for m in self.members}
        self.record = {"curve": [], "stepsDone": 0, "evalTokens": 0}
        self.generated = self.trained = 0
        self.kl, self.rewards = [], {}
        self.step_seconds = []


def evaluate(arm, step, ctx):
    point = {"step": step, "tokensGenerated": arm.generated, "tokensTrained": arm.trained, "readouts": {}}
    if arm.kl:
        point["kl"] = mean(arm.kl)
    if arm.rewards:
        point["reward"] = {k: mean(v) for k, v in arm.rewards.items()}
    arm.kl, arm.rewards = [], {}
    ctx.tokens = 0
    for row in arm.rows:
        point["readouts"][row["name"]] = evaluate_readout(row["readout"], arm.members, arm.models, ctx)
    arm.record["evalTokens"] += ctx.tokens
    arm.record["curve"].append(point)


def account(arm, round_, iterations):
    for stream, s in round_["streams"].items():
        tokens = sum(s["tokens"])
        arm.generated += tokens
        # A stream whose model did not learn (an arm's learners) sampled its tokens but trained none.
        if s["learned"]:
            arm.trained += tokens * iterations
        arm.rewards.setdefault(stream, []).append(mean(s["rewards"]))
    arm.kl.append(round_["kl"])


def build_table(rows, arms):
    table = []
    for spec in rows:
        method = spec["name"]
        curve = arms.get(spec["arm"], {}).get("curve", [])
        last = next((p for p in reversed(curve) if method in p["readouts"]), None)
        if last is None:
            continue
        readout = last["readouts"][method]
        chosen = readout["candidates"][readout["chosen"]]
        row = {
            "method": method,
            "label": spec["label"],
            "chosen": chosen["name"],
            "test": chosen["test"],
            "finalLength": chosen["finalLength"],
            "candidates": [{"name": c["name"], "passAt1": c["test"]["passAt1"], "validationPassAt1": c["validation"]["passAt1"]} for c in readout["candidates"]],
        }
        if "drafterAlone" in chosen:
            row["drafterAlone"] = chosen["drafterAlone"]
        table.append(row)
    return table


def headline(table):
    """The two ratios result files store, as the playground computes them: None where a method is
    missing or the denominator is zero or negative (a sign-flipped ratio would read as a result)."""
    p = {r["method"]: r["test"]["passAt1"] for r in table}
    agon, grpo, base, moa = (p.get(m) for m in ("agon", "grpo", "zero-shot", "moa"))
    return {
        "agonOverGrpo": agon / grpo if agon is not None and grpo is not None and grpo > 0 else None,
        "agonGainOverMoaGain": (agon - base) / (moa - base) if None not in (agon, base, moa) and moa > base else None,
    }


def seed_config(config, seed, steps):
    """The config this seed's result records: that seed alone, the steps run (eval_every cannot exceed them)."""
    out = {k: v for k, v in config.items() if k != "seeds"}
    out.update(seed=seed, steps=steps, eval_every=min(config["eval_every"], max(1, steps)))
    return out


def now_iso():
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def run_seed(export, pair, seed, args, world, family, sets):
    config = seed_config(export["config"], seed, args.steps)
    rl = config["rl"]
    rows, arm_specs = export["rows"], export["arms"]
    stream = read_json("data", f"train-seed{seed}.json")
    # In export.json's order, which is the playground's: an arm's index is part of its steps' seeds.
    arm_names = [a for a in arm_specs if any(r["arm"] == a for r in rows)]
    arms = [Arm(a, i, arm_specs[a], [r for r in rows if r["arm"] == a], pair, rl, world) for i, a in enumerate(arm_names)]
    sampling = {"temperature": rl["temperature"], "topP": rl["top_p"], "maxNewTokens": rl["max_completion_length"]}
    ctx = EvalContext(family, sets["test"], sets["validation"], sampling, seed + 17, config["show_draft_answer"], config["eval_samples"], config["pass_k"], world.device)
    started = now_iso()

    def eval_on_rank0(arm, step):
        if world.rank == 0:
            evaluate(arm, step, ctx)
        world.barrier()

    for arm in arms:
        eval_on_rank0(arm, 0)
    for step in range(config["steps"]):
        problems = stream[step * config["problems_per_step"] : (step + 1) * config["problems_per_step"]]
        for arm in arms:
            if arm.learners is None or "error" in arm.record:
                continue
            round_seed = seed * 7_919 + step * 31 + arm.index
            t0 = time.perf_counter()
            try:
                if arm.spec["kind"] == "agon":
                    options = {**arm.spec["options"], "show_draft_answer": config["show_draft_answer"]}
                    round_ = agon_step(arm.learners, family, problems, step, rl, options, round_seed, world)
                else:
                    round_ = grpo_step(arm.learners["A"], family, problems, rl, round_seed, world)
            except FloatingPointError as e:
                arm.record["error"] = f"{arm.name} stopped at step {step}: {e}"
                continue
            arm.step_seconds.append(time.perf_counter() - t0)
            account(arm, round_, rl["num_iterations"])
            arm.record["stepsDone"] = step + 1
            if world.rank == 0:
                print(f"seed {seed} step {step + 1}/{config['steps']} {arm.name}: {arm.step_seconds[-1]:.2f} s", flush=True)
            if (step + 1) % config["eval_every"] == 0 or step + 1 == config["steps"]:
                eval_on_rank0(arm, step + 1)
    if world.rank != 0:
        return None
    records = {a.name: a.record for a in arms}
    table = build_table(rows, records)
    status = "failed" if any("error" in r for r in records.values()) else "complete"
    devices = f"{world.size} process{'es' if world.size > 1 else ''}"
    sized = ", fresh model of overridden size" if any(getattr(args, flag) is not None for flag in SIZE_FLAGS) else ""
    result = {
        "schema": "agon-playground/result",
        "version": 1,
        "status": status,
        "config": config,
        "environment": {
            "backend": f"pytorch-{world.device.type} ({world.backend}, {devices}{sized})",
            "tfjsVersion": f"none (PyTorch {torch.__version__})",
            "appVersion": export["appVersion"],
            "platform": f"{platform.system()} {platform.machine()}, Python {platform.python_version()}",
        },
        "startedAt": started,
        "finishedAt": now_iso(),
        "arms": records,
        "table": table,
        "headline": headline(table),
    }
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, f"result-seed{seed}.json"), "w", encoding="utf-8") as f:
        json.dump(result, f, indent=2)
        f.write("\n")
    for arm in arms:
        for m in arm.members if arm.learners else []:
            torch.save(arm.models[m].state_dict(), os.path.join(args.out, f"weights-seed{seed}-{arm.name}-{m}.pt"))
        if arm.step_seconds:
            print(f"seed {seed} {arm.name}: {mean(arm.step_seconds):.3f} s per step ({len(arm.step_seconds)} steps, {world.size} process(es))", flush=True)
    for row in table:
        t = row["test"]
        print(f"seed {seed} {row['label']:<28} {row['chosen']:<5} pass@1 {100 * t['passAt1']:.1f}% [{100 * t['low']:.1f}, {100 * t['high']:.1f}]", flush=True)
    return result


def main():
    keep_freed_memory()
    export = upgrade(read_json("export.json"))
    args = parse_args(export)
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    match_blas_threads(torch.get_num_threads())
    torch.set_default_dtype(getattr(torch, args.dtype))
    world = World(args.device)
    family = Family(export["family"])
    sets = {"test": read_json("data", "eval-test.json"), "validation": read_json("data", "eval-validation.json")}
    pair = load_pair(export, args)
    try:
        for seed in args.seeds:
            run_seed(export, pair, seed, args, world, family, sets)
    finally:
        world.close()


if __name__ == "__main__":
    sys.exit(main())
