/**
 * "Export as PyTorch project": the same files `npm run export:pytorch` writes (core/export),
 * as one zip with a top folder. The Python sources are bundled as text; the page loads this
 * module only when the button is pressed.
 */
import { strToU8, zipSync } from 'fflate';
import type { ExperimentConfig } from '../../core/experiment/config';
import { pytorchProject, type PythonSources } from '../../core/export/pytorch-project';
import train from '../../export/pytorch/train.py?raw';
import init from '../../export/pytorch/agon/__init__.py?raw';
import cpu from '../../export/pytorch/agon/cpu.py?raw';
import distributed from '../../export/pytorch/agon/distributed.py?raw';
import draws from '../../export/pytorch/agon/draws.py?raw';
import evaluation from '../../export/pytorch/agon/evaluation.py?raw';
import exportFile from '../../export/pytorch/agon/export_file.py?raw';
import model from '../../export/pytorch/agon/model.py?raw';
import rl from '../../export/pytorch/agon/rl.py?raw';
import tasks from '../../export/pytorch/agon/tasks.py?raw';
import training from '../../export/pytorch/agon/training.py?raw';

export const PYTHON_SOURCES: PythonSources = {
  'train.py': train,
  'agon/__init__.py': init,
  'agon/cpu.py': cpu,
  'agon/distributed.py': distributed,
  'agon/draws.py': draws,
  'agon/evaluation.py': evaluation,
  'agon/export_file.py': exportFile,
  'agon/model.py': model,
  'agon/rl.py': rl,
  'agon/tasks.py': tasks,
  'agon/training.py': training,
};

/** The project zipped under `folder/`. */
export async function pytorchZip(folder: string, config: ExperimentConfig, pair: { a: Uint8Array; b: Uint8Array }, appVersion: string): Promise<Uint8Array> {
  const files = await pytorchProject({ config, pair, sources: PYTHON_SOURCES, appVersion });
  return zipSync(Object.fromEntries([...files].map(([path, contents]) => [`${folder}/${path}`, typeof contents === 'string' ? strToU8(contents) : contents])));
}
