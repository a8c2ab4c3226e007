/**
 * Runs an experiment: every arm starts from the same base checkpoints, trains for
 * `steps` rounds on the same stream of training problems, and is evaluated every
 * `eval_every` steps (and at step 0 and the end). The arms take their steps in turn
 * (round-robin), so every method's curve reaches about the same step at any moment. Emits typed events; can be paused,
 * resumed, stepped one round at a time, and cancelled. A NaN/Inf stops only that
 * arm, keeping what it measured. Deterministic for a seed on a given backend.
 */
import { encodeCheckpointAsync, modelFromCheckpoint } from '../model/checkpoint';
import { FlatAdam } from '../model/flat-adam';
import type { Transformer } from '../model/transformer';
import { Rng } from '../random';
import { agonStep } from '../rl/agon';
import type { RlConfig } from '../rl/config';
import { grpoStep, type Learner } from '../rl/grpo';
import { restoreOptimizer, saveOptimizer } from '../rl/optimizer-state';
import { agonDrafts, type Member, type Round } from '../rl/round';
import { sampleProblem, testHardSplit, validationSplit } from '../tasks/splits';
import type { Problem, TaskFamily } from '../tasks/task';
import { TOKENIZER_VERSION } from '../tokenizer/tokenizer';
import type { ExperimentConfig } from './config';
import { experimentFamily } from './experiment-family';
import { phasePlan, RunEta, type Phase } from './eta';
import { evaluateReadout, type EvalContext, type EvalSets } from './evaluate';
import type { ExperimentEvent } from './events';
import { armsFor, type ArmSpec } from './methods';
import type { ArmResume, RunResume } from './resume';
import { buildTable, headline, RESULT_SCHEMA, RESULT_VERSION, type ArmResult, type Environment, type EvalPoint, type ExperimentResult } from './result';
import { runArms, runRows, type RunRow } from './run-rows';

export interface BasePairBytes {
  a: Uint8Array;
  b: Uint8Array;
}

class Cancelled extends Error {}

/**
 * The problems of training step `step`: the same for every arm, fixed by the seed.
 * Drawn from the train split at the hard difficulties (as the paper trains on its
 * hardest level): easy problems are solved by every sample and teach nothing.
 */
export function trainingProblems(family: TaskFamily, seed: number, step: number, count: number): Problem[] {
  const rng = new Rng(seed * 100_003 + step);
  return Array.from({ length: count }, () => sampleProblem(family, 'train', rng, family.hardDifficulties));
}

// Kept here too: the runner's callers and tests import it from the runner.
export { armsFor };

/** An arm while the run is under way: its models, learners, record and running counters. */
interface ArmSession {
  arm: string;
  /** Index among all the config's arms (part of every step's seed). */
  index: number;
  arms: number;
  spec: ArmSpec;
  record: ArmResult;
  models: Record<Member, Transformer>;
  learners: Record<Member, Learner> | null;
  /** First step to train (a continued arm picks up after its last saved evaluation). */
  from: number;
  stopped: boolean;
  /** The rows this arm's models are read out for. */
  rows: RunRow[];
  members: Member[];
  ctx: EvalContext;
  counters: { generated: number; trained: number; kl: number[]; reward: Record<string, number[]> };
}

function closeArm(session: ArmSession): void {
  for (const m of Object.values(session.models)) m.dispose();
  if (session.learners) for (const l of Object.values(session.learners)) {
    l.optimizer.dispose();
    l.reference?.dispose();
  }
}

export interface RunnerOptions {
  /** Run only these of the config's arms (the rest run elsewhere; see mergeArmRuns). */
  onlyArms?: readonly string[];
  /** The clock of the progress events' times (a fake one in tests). */
  now?: () => number;
  /**
   * Asked when a training step throws: an Error that ends the whole run (thrown out of
   * run(), no 'done' event; e.g. the WebGPU device was lost, so every arm is affected and
   * the caller continues elsewhere), or null for a failure of that arm alone (the default).
   */
  fatal?: (error: unknown) => Promise<Error | null>;
}

export class ExperimentRunner {
  private readonly family: TaskFamily;
  private readonly listeners: ((e: ExperimentEvent) => void)[] = [];
  private paused = false;
  private stepsAllowed = 0;
  private cancelled = false;
  private interrupted: Error | null = null;
  private readonly fatal: RunnerOptions['fatal'];
  private wake: (() => void) | null = null;
  private readonly arms: Record<string, ArmResult> = {};
  private readonly onlyArms: readonly string[] | null;
  private readonly now: () => number;
  private eta: RunEta = new RunEta([], Date.now);
  private started = 0;

  constructor(
    private readonly config: ExperimentConfig,
    private readonly basePair: BasePairBytes,
    private readonly environment: Environment,
    /** Continue a run that was cut short (resume.ts), instead of starting from the base pair. */
    private readonly continuation: RunResume | null = null,
    options: RunnerOptions = {},
  ) {
    this.onlyArms = options.onlyArms ?? null;
    this.now = options.now ?? Date.now;
    this.fatal = options.fatal;
    this.family = experimentFamily(config);
    if (continuation && continuation.basePair !== config.base_pair) {
      throw new Error(`this run started from base pair ${continuation.basePair}, and the base pair here is ${config.base_pair}: continuing would not be the same run`);
    }
  }

  on(listener: (e: ExperimentEvent) => void): void {
    this.listeners.push(listener);
  }

  pause(): void {
    this.paused = true;
    this.emit({ type: 'paused' });
  }

  resume(): void {
    this.paused = false;
    this.emit({ type: 'resumed' });
    this.release();
  }

  /** Runs exactly one more round, then stays paused. */
  stepOnce(): void {
    this.paused = true;
    this.stepsAllowed++;
    this.release();
  }

  cancel(): void {
    this.cancelled = true;
    this.release();
  }

  /** Ends the run at the next round with `error` thrown out of run() (no 'done' event), e.g. when the device is lost. */
  interrupt(error: Error): void {
    this.interrupted ??= error;
    this.release();
  }

  /** The arms' records so far (curves, steps done, errors), to plan a continuation (resume.ts) after an interruption. */
  records(): Record<string, ArmResult> {
    return Object.fromEntries(Object.entries(this.arms).map(([arm, r]) => [arm, { ...r, curve: [...r.curve] }]));
  }

  async run(): Promise<ExperimentResult> {
    const startedAt = new Date().toISOString();
    const sets: EvalSets = {
      test: testHardSplit(this.family, this.config.eval_problems),
      validation: validationSplit(this.family, this.config.eval_problems),
    };
    const specs = new Map(runArms(this.config).map((a) => [a.name, a.spec]));
    const armNames = [...specs.keys()];
    const toRun = armNames.filter((arm) => (!this.onlyArms || this.onlyArms.includes(arm)) && !this.continuation?.done[arm]);
    this.eta = new RunEta(this.plan(toRun, specs), this.now);
    this.started = this.now();
    let status: ExperimentResult['status'] = 'complete';
    const sessions: ArmSession[] = [];
    try {
      for (const [index, arm] of armNames.entries()) {
        if (this.onlyArms && !this.onlyArms.includes(arm)) continue;
        const done = this.continuation?.done[arm];
        if (done) this.arms[arm] = done;
        else sessions.push(await this.openArm(arm, specs.get(arm)!, index, armNames.length, sets));
      }
      // The arms take their steps in turn, so their curves grow together; each arm's seeds
      // depend on its index and the step only, so the order changes no result. An arm is
      // evaluated at step 0 just before its first step (the first step then comes early,
      // and the time-left estimate has a step to go by).
      const started = new Set<ArmSession>();
      const evaluateFirst = async (session: ArmSession) => {
        if (session.from > 0 || started.has(session)) return;
        started.add(session);
        await this.evaluateArm(session, 0);
      };
      for (let step = 0; step < this.config.steps; step++) {
        for (const session of sessions) {
          await evaluateFirst(session);
          if (!session.learners || session.stopped || step < session.from) continue;
          await this.gate();
          await this.trainArm(session, step);
        }
      }
      for (const session of sessions) await evaluateFirst(session);
    } catch (e) {
      if (!(e instanceof Cancelled)) throw e;
      status = 'cancelled';
    } finally {
      this.closeArms(sessions);
    }
    const table = buildTable(this.config, this.arms);
    if (status === 'complete' && Object.values(this.arms).some((a) => a.error)) status = 'failed';
    const result: ExperimentResult = {
      schema: RESULT_SCHEMA,
      version: RESULT_VERSION,
      status,
      config: this.config,
      environment: this.environment,
      startedAt,
      finishedAt: new Date().toISOString(),
      arms: this.arms,
      table,
      headline: headline(table),
    };
    this.emit({ type: 'done', result });
    return result;
  }

  private closeArms(sessions: readonly ArmSession[]): void {
    for (const session of sessions) {
      try {
        closeArm(session);
      } catch (e) {
        // Disposing on a lost device may throw; the interruption under way is the error to report.
        if (!this.interrupted) throw e;
      }
    }
  }

  /** The phases the arms still to run will go through, for the time-left estimate. */
  private plan(arms: readonly string[], specs: ReadonlyMap<string, ArmSpec>): Phase[] {
    const rows = runRows(this.config);
    return phasePlan(
      arms.map((arm) => ({
        arm,
        kind: specs.get(arm)!.kind,
        evaluates: rows.filter((r) => r.arm === arm).map((r) => r.name).join(','),
        fromStep: this.continuation?.cuts[arm]?.step ?? 0,
        trained: specs.get(arm)!.kind !== 'base',
      })),
      this.config.steps,
      this.config.eval_every,
    );
  }

  private emit(e: ExperimentEvent): void {
    for (const l of this.listeners) l(e);
  }

  private release(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** Waits here between rounds while paused. */
  private async gate(): Promise<void> {
    // Yield to the event loop so commands (pause, cancel, worker messages) are seen between rounds.
    await new Promise((resolve) => setTimeout(resolve, 0));
    while (!this.cancelled && !this.interrupted && this.paused && this.stepsAllowed === 0) {
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    if (this.interrupted) throw this.interrupted;
    if (this.cancelled) throw new Cancelled();
    if (this.stepsAllowed > 0) this.stepsAllowed--;
  }

  private baseModel(member: Member): Transformer {
    const bytes = member === 'A' ? this.basePair.a : this.basePair.b;
    return modelFromCheckpoint(bytes, { tokenizerVersion: TOKENIZER_VERSION, source: `base pair ${this.config.base_pair}, model ${member}` });
  }

  private loadPair(): Record<Member, Transformer> {
    return {
      A: this.baseModel('A'),
      B: this.baseModel('B'),
    };
  }

  /** The models where a cut arm left them: trained members from their saved weights, the others from the base pair. */
  private loadCut(cut: ArmResume): Record<Member, Transformer> {
    const models = this.loadPair();
    for (const member of ['A', 'B'] as const) {
      const saved = cut.members[member];
      if (!saved) continue;
      models[member].dispose();
      models[member] = modelFromCheckpoint(saved.weights, { tokenizerVersion: TOKENIZER_VERSION, source: `the saved checkpoint of arm ${cut.arm}, member ${member}, step ${cut.step}` });
    }
    return models;
  }

  private learners(models: Record<Member, Transformer>): Record<Member, Learner> {
    const rl: RlConfig = this.config.rl;
    const learner = (name: Member): Learner => ({
      name,
      model: models[name],
      optimizer: new FlatAdam(rl.learning_rate),
      reference: this.baseModel(name),
    });
    return { A: learner('A'), B: learner('B') };
  }

  /** Loads an arm's models (from the base pair, or where a cut run left them) and its learners. */
  private async openArm(arm: string, spec: ArmSpec, index: number, arms: number, sets: EvalSets): Promise<ArmSession> {
    const cut = this.continuation?.cuts[arm] ?? null;
    const record: ArmResult = cut ? { curve: [...cut.curve], stepsDone: cut.step, evalTokens: cut.evalTokens } : { curve: [], stepsDone: 0, evalTokens: 0 };
    this.arms[arm] = record;
    this.emit({ type: 'arm-start', arm });
    const models = cut ? this.loadCut(cut) : this.loadPair();
    const learners = spec.kind === 'base' ? null : this.learners(models);
    if (cut && learners) await restoreOptimizers(learners, cut);
    const last = record.curve.at(-1);
    return {
      arm,
      index,
      arms,
      spec,
      record,
      models,
      learners,
      from: cut?.step ?? 0,
      stopped: false,
      rows: runRows(this.config).filter((r) => r.arm === arm),
      members: spec.kind === 'grpo' ? ['A'] : ['A', 'B'],
      ctx: {
        family: this.family,
        sets,
        sampling: { temperature: this.config.rl.temperature, topP: this.config.rl.top_p, maxNewTokens: this.config.rl.max_completion_length, seed: this.config.seed + 17 },
        showDraftAnswer: this.config.show_draft_answer,
        passAtK: { n: this.config.eval_samples, k: this.config.pass_k },
        countTokens: (n) => (record.evalTokens += n),
      },
      counters: { generated: last?.tokensGenerated ?? 0, trained: last?.tokensTrained ?? 0, kl: [], reward: {} },
    };
  }

  private async evaluateArm(session: ArmSession, step: number): Promise<void> {
    const { arm, counters, record, learners } = session;
    const point: EvalPoint = { step, tokensGenerated: counters.generated, tokensTrained: counters.trained, readouts: {} };
    if (counters.kl.length > 0) point.kl = mean(counters.kl);
    if (Object.keys(counters.reward).length > 0) point.reward = Object.fromEntries(Object.entries(counters.reward).map(([k, v]) => [k, mean(v)]));
    counters.kl = [];
    counters.reward = {};
    this.eta.begin(arm);
    for (const row of session.rows) point.readouts[row.name] = await evaluateReadout(row.fields.readout, session.members, session.models, session.ctx);
    this.eta.end();
    record.curve.push(point);
    // States first: whoever saves them has them by the time the evaluation shows.
    if (learners && step > 0) await this.emitCheckpoints(arm, step, session.members, learners, record.evalTokens);
    this.emit({ type: 'eval', arm, point });
  }

  /** One training step of a trained arm, then its evaluation when one is due. A NaN/Inf stops only this arm. */
  private async trainArm(session: ArmSession, step: number): Promise<void> {
    const { arm, spec, record, counters } = session;
    const learners = session.learners!;
    this.eta.begin(arm);
    const problems = trainingProblems(this.family, this.config.seed, step, this.config.problems_per_step);
    const seed = this.config.seed * 7_919 + step * 31 + session.index;
    let round: Round;
    try {
      round = spec.kind === 'agon'
        ? await agonStep(learners, this.family, problems, step, this.config.rl, { ...spec.options, show_draft_answer: this.config.show_draft_answer }, seed)
        : await grpoStep(learners.A, this.family, problems, step, this.config.rl, seed);
    } catch (e) {
      const fatal = this.interrupted ?? (await this.fatal?.(e)) ?? null;
      if (fatal) {
        this.interrupted ??= fatal;
        throw fatal;
      }
      const message = `${arm} stopped at step ${step}: ${e instanceof Error ? e.message : String(e)}`;
      record.error = message;
      session.stopped = true;
      this.eta.abandon(arm);
      this.emit({ type: 'arm-error', arm, message });
      return;
    }
    this.account(round, counters);
    record.stepsDone = step + 1;
    this.eta.end();
    this.emit({ type: 'round', arm, round });
    this.emit({ type: 'progress', progress: this.progress(arm, session.index, session.arms, step + 1, counters, record.evalTokens) });
    if ((step + 1) % this.config.eval_every === 0 || step + 1 === this.config.steps) await this.evaluateArm(session, step + 1);
  }

  /**
   * Trained weights and optimizer state at every evaluation (not only the end), so a run
   * cut short still leaves its latest models and can be continued from there.
   */
  private async emitCheckpoints(arm: string, step: number, members: readonly Member[], learners: Record<Member, Learner>, evalTokens: number): Promise<void> {
    for (const member of members) {
      const { model, optimizer } = learners[member];
      // Asynchronous reads: WebGPU's blocking readback broke the device in a worker on SwiftShader.
      const bytes = await encodeCheckpointAsync(model, { tokenizerVersion: TOKENIZER_VERSION, extra: { arm, member, step, seed: this.config.seed, base_pair: this.config.base_pair } });
      const state = await saveOptimizer(optimizer);
      this.emit({ type: 'checkpoint', arm, member, step, bytes, optimizer: state, evalTokens });
    }
  }

  private account(round: Round, counters: { generated: number; trained: number; kl: number[]; reward: Record<string, number[]> }): void {
    const iterations = this.config.rl.num_iterations;
    // A stream whose model did not learn (an arm's `learners`) sampled its tokens but trained none.
    const add = (stream: string, samples: { tokenProbs: number[]; reward: { total: number } }[], learned: boolean) => {
      const tokens = samples.reduce((s, x) => s + x.tokenProbs.length, 0);
      counters.generated += tokens;
      if (learned) counters.trained += tokens * iterations;
      (counters.reward[stream] ??= []).push(mean(samples.map((x) => x.reward.total)));
    };
    if (round.kind === 'grpo') {
      add('A', round.problems.flatMap((p) => p.samples), true);
      counters.kl.push(round.updates.model.kl);
    } else {
      const { drafter, solver } = round.updates;
      add('drafter', round.problems.flatMap(agonDrafts), drafter !== null);
      add('solver', round.problems.flatMap((p) => p.pairs.map((x) => x.solution)), solver !== null);
      counters.kl.push(mean([drafter, solver].filter((u) => u !== null).map((u) => u.kl)));
    }
  }

  private progress(arm: string, armIndex: number, arms: number, step: number, counters: { generated: number; trained: number }, evalTokens: number) {
    const elapsedMs = this.now() - this.started;
    return { arm, armIndex, arms, step, steps: this.config.steps, tokensGenerated: counters.generated, tokensTrained: counters.trained, evalTokens, elapsedMs, etaMs: this.eta.remainingMs() };
  }

}

function mean(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length;
}

/** Puts each trained member's optimizer back where the cut run left it. */
async function restoreOptimizers(learners: Record<Member, Learner>, cut: ArmResume): Promise<void> {
  for (const member of ['A', 'B'] as const) {
    const saved = cut.members[member];
    if (!saved) continue;
    await restoreOptimizer(learners[member].optimizer, saved.optimizer);
  }
}
