/**
 * What the exported train.py runs, as export.json holds it (read by agon/export_file.py): the
 * run's rows (the paper's methods the config picks, its own arms, its sweep's points), each read
 * out as the playground reads it, and the trained arms, each nothing, GRPO, or an Agon step with
 * every mechanism under the config's field names. Both come from run-rows.ts, in its order, so an
 * arm has the same index (part of its steps' seeds) in train.py as in the playground's runner.
 */
import type { ArmSpec, Readout } from '../experiment/arm-fields';
import type { ExperimentConfig } from '../experiment/config';
import { runArms, runRows } from '../experiment/run-rows';

/**
 * The format of export.json's rows and arms. Version 1 (no version field) held the paper's
 * methods only, with Agon options bonus / fixedRoles / sharedOpponent; train.py still reads it.
 */
export const PYTORCH_EXPORT_VERSION = 2;

export interface PytorchRow {
  name: string;
  label: string;
  /** The trained arm whose models the row reads out. */
  arm: string;
  readout: Readout;
}

export interface PytorchRun {
  rows: PytorchRow[];
  arms: Record<string, ArmSpec>;
}

export function pytorchRun(config: Pick<ExperimentConfig, 'methods' | 'arms' | 'sweep'>): PytorchRun {
  return {
    rows: runRows(config).map((r) => ({ name: r.name, label: r.label, arm: r.arm, readout: r.fields.readout })),
    arms: Object.fromEntries(runArms(config).map((a) => [a.name, a.spec])),
  };
}
