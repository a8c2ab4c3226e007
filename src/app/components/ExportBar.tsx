/**
 * Downloads for the run on screen: the result JSON (partial while a run goes on or
 * after an interruption; one per seed), the curves as CSV (every seed), the charts as one PNG, the config (for
 * `npm run experiment -- --config`), the experiment as a PyTorch project (zip, the same files as
 * `npm run export:pytorch`), and the latest trained checkpoint of each model.
 * Also says where the run on screen comes from when it did not run in this page, and
 * offers to continue it when it was interrupted.
 */
import { useState } from 'react';
import { curvesCsv } from '../../core/experiment/csv';
import { withPairHardSplit } from '../../core/experiment/experiment-family';
import { seedsOf } from '../../core/experiment/seeds';
import { downloadBlob, downloadText } from '../export/download';
import { pageEnvironment } from '../export/environment';
import { checkpointFileName, configFileText, fileStem, resultFileText } from '../export/files';
import { plotsPng } from '../export/plots-png';
import { resultOf, seedResultsWith } from '../export/run-result';
import { fetchBasePair } from '../worker/checkpoints';
import { useAppStore } from '../store/app-store';
import { useSavedRuns } from '../storage/saved-runs-store';
import { ContinueRun } from './ContinueRun';
import './saved-runs.css';

function useSavedName(): string | null {
  const id = useAppStore((s) => s.shown?.id);
  return useSavedRuns((s) => s.runs.find((r) => r.id === id)?.name ?? null);
}

const ORIGIN_TEXT = { saved: 'Reopened from the saved runs', imported: 'Imported from a file' } as const;

export function ExportBar() {
  const run = useAppStore((s) => s.run);
  const shown = useAppStore((s) => s.shown);
  const backend = useAppStore((s) => s.backend);
  const savedEnvironment = useSavedRuns((s) => s.runs.find((r) => r.id === shown?.id)?.environment ?? null);
  const name = useSavedName();
  const [error, setError] = useState<string | null>(null);
  if (!run.config || run.status === 'idle') return null;
  // The run's config, with all its seeds (a result's config is its one seed's).
  const config = run.config;
  const stem = fileStem(config, run.startedAt ?? 0);
  const several = seedsOf(config).length > 1;
  const results = () => seedResultsWith(run, resultOf(run, savedEnvironment ?? pageEnvironment(backend), Date.now()));
  // One file per seed, as the CLI's result-seed<S>.json: each imports on its own.
  const downloadJson = () => {
    for (const r of results()) downloadText(resultFileText(r), `${fileStem(r.config, run.startedAt ?? 0)}.json`, 'application/json');
  };
  const downloadCsv = () => downloadText(curvesCsv(results()), `${stem}-curves.csv`, 'text/csv');
  const downloadPng = () => {
    setError(null);
    plotsPng(document).then((blob) => downloadBlob(blob, `${stem}-plots.png`), (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  const pretrained = config.base_pair_source === 'pretrain';
  const downloadPytorch = () => {
    setError(null);
    const zip = async () => {
      const pair = await fetchBasePair(new URL('checkpoints/', document.baseURI).href, config.task, config.base_pair);
      // Loaded on demand: the exporter draws every problem of the run and zips the project.
      const { pytorchZip } = await import('../export/pytorch-zip');
      return pytorchZip(`${stem}-pytorch`, withPairHardSplit(config, pair.hardDifficulties), pair.bytes, __APP_VERSION__);
    };
    zip().then((bytes) => downloadBlob(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), `${stem}-pytorch.zip`), (e: unknown) => setError(`PyTorch export failed: ${e instanceof Error ? e.message : String(e)}`));
  };
  return (
    <div className="export-bar" data-testid="export-bar">
      {shown && shown.origin !== 'live' && (
        <p className="shown-origin" data-testid="shown-origin">
          {ORIGIN_TEXT[shown.origin]}: <strong>{name ?? 'unnamed run'}</strong> <ContinueRun />
        </p>
      )}
      <div className="export-buttons">
        <span className="muted">Download:</span>
        <button type="button" onClick={downloadJson} title={`The versioned result object${several ? ', one file per seed' : ''} (partial while the run is not finished)`}>
          {several ? 'Runs (JSON, one per seed)' : 'Run (JSON)'}
        </button>
        <button type="button" onClick={downloadCsv}>
          Curves (CSV)
        </button>
        <button type="button" onClick={downloadPng}>
          Plots (PNG)
        </button>
        <button type="button" onClick={() => downloadText(configFileText(config), `${stem}-config.json`, 'application/json')} title="Rerun it headless: npm run experiment -- --config FILE --out DIR">
          Config (JSON)
        </button>
        <button
          type="button"
          data-testid="export-pytorch"
          onClick={downloadPytorch}
          disabled={pretrained}
          title={pretrained ? 'Exports start from the shipped base pair; this run pretrained its own (npm run pretrain, then npm run export:pytorch -- --checkpoints DIR)' : 'A PyTorch project of this experiment (train.py, runnable with torchrun on CPUs or GPUs); its results import here'}
        >
          Export as PyTorch project (zip)
        </button>
        {run.checkpoints.map((c) => (
          <button key={`${c.arm}/${c.member}`} type="button" data-testid="download-checkpoint" onClick={() => downloadBlob(new Blob([c.bytes as Uint8Array<ArrayBuffer>]), checkpointFileName(stem, c))} title="The trained weights (AGONCKPT file)">
            {c.arm} {c.member} step {c.step} (.ckpt)
          </button>
        ))}
      </div>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
