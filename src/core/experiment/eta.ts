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

export class RunEta {
  private readonly durations = new Map<PhaseKind, { total: number; count: number }>();
  private next = 0;
  private startedAt: number | null = null;

  /** `plan`: every phase of the run, in order. */
  constructor(
    private readonly plan: readonly PhaseKind[],
    private readonly now: () => number,
  ) {}

  /** Skips the phases a continued run has already done. */
  skip(count: number): void {
    this.next = Math.min(this.plan.length, this.next + count);
  }

  begin(): void {
    this.startedAt = this.now();
  }

  /** The phase begun last has finished. */
  end(): void {
    if (this.startedAt === null || this.next >= this.plan.length) return;
    const kind = this.plan[this.next]!;
    const entry = this.durations.get(kind) ?? { total: 0, count: 0 };
    entry.total += this.now() - this.startedAt;
    entry.count++;
    this.durations.set(kind, entry);
    this.next++;
    this.startedAt = null;
  }

  /** Estimated ms until the last phase ends, or null while some phase to come has nothing to go by. */
  remainingMs(): number | null {
    let total = 0;
    for (let i = this.next; i < this.plan.length; i++) {
      const ms = this.estimate(this.plan[i]!);
      if (ms === null) return null;
      total += ms;
    }
    // The phase under way has already run for a while.
    if (this.startedAt !== null) total -= Math.min(this.now() - this.startedAt, this.estimate(this.plan[this.next]!) ?? 0);
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

/**
 * The phases of the runner's arms, in its order: an evaluation at step 0 (unless the arm
 * continues a cut run), then each training step, each followed by an evaluation every
 * `evalEvery` steps and after the last.
 */
export function phasePlan(arms: readonly { kind: string; evaluates: string; fromStep: number; trained: boolean }[], steps: number, evalEvery: number): PhaseKind[] {
  const plan: PhaseKind[] = [];
  for (const arm of arms) {
    const evaluation: PhaseKind = `eval:${arm.evaluates}`;
    if (arm.fromStep === 0) plan.push(evaluation);
    if (!arm.trained) continue;
    for (let step = arm.fromStep; step < steps; step++) {
      plan.push(`step:${arm.kind}`);
      if ((step + 1) % evalEvery === 0 || step + 1 === steps) plan.push(evaluation);
    }
  }
  return plan;
}
