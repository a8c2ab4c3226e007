/**
 * Time left in a run, from measured phase times. A run is a fixed sequence of phases
 * (each arm's evaluations and training steps, in the order the runner does them); each
 * finished phase's duration is kept under its kind, and the time left is the sum, over the
 * phases still to come, of their kind's mean. Why not elapsed / steps done: evaluations
 * cost as much as dozens of steps and come in bursts, so that ratio said 5 hours for a
 * run of 14 minutes after the base pair's first evaluation.
 *
 * A kind not measured yet borrows from its family: an Agon variant's step from any
 * training step, an evaluation from the evaluations of the same readouts, else any
 * evaluation. Before any phase of the family has finished there is no estimate.
 */

/** "step:<arm kind>" or "eval:<readouts evaluated>". */
export type PhaseKind = `step:${string}` | `eval:${string}`;

/** One phase of the run: an evaluation or a training step of one arm. */
export interface Phase {
  arm: string;
  kind: PhaseKind;
}

export class RunEta {
  private readonly durations = new Map<PhaseKind, { total: number; count: number }>();
  private readonly left: Phase[];
  private current: { arm: string; startedAt: number } | null = null;

  /** `plan`: every phase still to run. */
  constructor(
    plan: readonly Phase[],
    private readonly now: () => number,
  ) {
    this.left = [...plan];
  }

  /** A phase of `arm` starts (its next one in the plan). */
  begin(arm: string): void {
    this.current = { arm, startedAt: this.now() };
  }

  /** The phase begun last has finished. */
  end(): void {
    if (!this.current) return;
    const i = this.left.findIndex((p) => p.arm === this.current!.arm);
    if (i >= 0) {
      const kind = this.left[i]!.kind;
      const entry = this.durations.get(kind) ?? { total: 0, count: 0 };
      entry.total += this.now() - this.current.startedAt;
      entry.count++;
      this.durations.set(kind, entry);
      this.left.splice(i, 1);
    }
    this.current = null;
  }

  /** An arm that stopped (an error) runs none of its phases left. */
  abandon(arm: string): void {
    for (let i = this.left.length - 1; i >= 0; i--) if (this.left[i]!.arm === arm) this.left.splice(i, 1);
    if (this.current?.arm === arm) this.current = null;
  }

  /** Estimated ms until the last phase ends, or null while some phase to come has nothing to go by. */
  remainingMs(): number | null {
    let total = 0;
    for (const phase of this.left) {
      const ms = this.estimate(phase.kind);
      if (ms === null) return null;
      total += ms;
    }
    // The phase under way has already run for a while.
    const under = this.current && this.left.find((p) => p.arm === this.current!.arm);
    if (under) total -= Math.min(this.now() - this.current!.startedAt, this.estimate(under.kind) ?? 0);
    return Math.max(0, total);
  }

  private estimate(kind: PhaseKind): number | null {
    const own = this.mean((k) => k === kind);
    if (own !== null) return own;
    const family = kind.startsWith('step:') ? 'step:' : 'eval:';
    return this.mean((k) => k.startsWith(family));
  }

  private mean(match: (k: PhaseKind) => boolean): number | null {
    let total = 0;
    let count = 0;
    for (const [k, d] of this.durations) {
      if (!match(k)) continue;
      total += d.total;
      count += d.count;
    }
    return count === 0 ? null : total / count;
  }
}

export interface ArmPlan {
  arm: string;
  /** The arm's kind (base, grpo, agon). */
  kind: string;
  /** What its evaluations read out (their cost). */
  evaluates: string;
  /** First step to train: 0, or where a continued arm picks up (no step-0 evaluation then). */
  fromStep: number;
  trained: boolean;
}

/**
 * The phases of the runner's arms, in its order: step by step, each arm in turn: its
 * evaluation at step 0 just before its first step (unless it continues a cut run), its
 * step, and its evaluation every `evalEvery` steps and after the last.
 */
export function phasePlan(arms: readonly ArmPlan[], steps: number, evalEvery: number): Phase[] {
  const plan: Phase[] = [];
  const started = new Set<string>();
  const evaluateFirst = (a: ArmPlan) => {
    if (a.fromStep > 0 || started.has(a.arm)) return;
    started.add(a.arm);
    plan.push({ arm: a.arm, kind: `eval:${a.evaluates}` });
  };
  for (let step = 0; step < steps; step++) {
    for (const a of arms) {
      evaluateFirst(a);
      if (!a.trained || step < a.fromStep) continue;
      plan.push({ arm: a.arm, kind: `step:${a.kind}` });
      if ((step + 1) % evalEvery === 0 || step + 1 === steps) plan.push({ arm: a.arm, kind: `eval:${a.evaluates}` });
    }
  }
  arms.forEach(evaluateFirst);
  return plan;
}
