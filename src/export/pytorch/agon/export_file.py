"""export.json as train.py reads it (src/core/export/pytorch-arms.ts writes it).

Version 2: `rows`, the run's rows in table order (the paper's methods the config picks, its own
arms, its sweep's points), each {name, label, arm, readout}; and `arms`, the trained arms in the
playground's order (an arm's index is part of its steps' seeds), each {kind: base | grpo} or
{kind: agon, options} with every Agon mechanism under the config's field names (bonus,
bonus_weight, roles, swap_every, opponent, solutions_per_draft, learners, drafter_reward).

Version 1 (no `version`; exported before custom arms) held `methods` (label, arm, readout per
paper's method) and Agon options bonus / fixedRoles / sharedOpponent; it is read as version 2.
"""

VERSION = 2

# Agon's value of every mechanism a version-1 file could not change (src/core/rl/agon.ts AGON_DEFAULTS).
_V1_FIXED = {"bonus_weight": 1, "swap_every": 1, "solutions_per_draft": 1, "learners": "both", "drafter_reward": "plain"}


def _v1_arm(spec):
    if spec["kind"] != "agon":
        return spec
    o = spec["options"]
    options = {
        "bonus": o["bonus"],
        "roles": "a-drafts" if o["fixedRoles"] else "swap",
        "opponent": "shared-draft" if o["sharedOpponent"] else "own-draft",
        **_V1_FIXED,
    }
    return {"kind": "agon", "options": options}


def upgrade(export):
    """export.json's contents at version 2; a version this train.py does not know is refused."""
    version = export.get("version", 1)
    if version == VERSION:
        return export
    if version != 1:
        raise SystemExit(f"export.json is version {version}, and this train.py reads versions 1 and {VERSION}: export the project again")
    methods = export["methods"]
    rows = [{"name": m, "label": methods[m]["label"], "arm": methods[m]["arm"], "readout": methods[m]["readout"]} for m in export["config"]["methods"]]
    arms = {name: _v1_arm(spec) for name, spec in export["arms"].items()}
    return {**{k: v for k, v in export.items() if k != "methods"}, "version": VERSION, "rows": rows, "arms": arms}
