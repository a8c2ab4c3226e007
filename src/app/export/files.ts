/** File names and contents of the downloads, so the app and the CLI agree on them. */
import type { ExperimentConfig } from '../../core/experiment/config';
import { seedsOf } from '../../core/experiment/seeds';
import type { TrainedCheckpoint } from '../store/trained-checkpoints';

/** e.g. "agon-math-seed1-2026-11-30T06-50-12" (seeds 1,2,3: "seed1-2-3"): sortable, and safe on every file system. */
export function fileStem(config: ExperimentConfig, startedAt: number): string {
  const when = new Date(startedAt).toISOString().slice(0, 19).replace(/:/g, '-');
  return `agon-${config.task}-seed${seedsOf(config).join('-')}-${when}`;
}

export const checkpointFileName = (stem: string, c: Pick<TrainedCheckpoint, 'arm' | 'member' | 'step'>) => `${stem}-${c.arm}-${c.member}-step${c.step}.ckpt`;

/** The config as a file `npm run experiment -- --config FILE` reads, to rerun a browser experiment headless. */
export function configFileText(config: ExperimentConfig): string {
  return `${JSON.stringify(config, null, 2)}\n`;
}

export const resultFileText = (result: unknown) => `${JSON.stringify(result, null, 2)}\n`;
