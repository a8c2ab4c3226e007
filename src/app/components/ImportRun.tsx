/** Opens run files (the app's JSON export or the CLI's result-seed*.json; several seeds of one experiment pool into one run) and draws them; a bad file gets its reason. */
import { useState, type ChangeEvent } from 'react';
import { importRunFiles } from '../export/import-run';
import { useAppStore } from '../store/app-store';

export function ImportRun() {
  const active = useAppStore((s) => s.run.status === 'loading' || s.run.status === 'running' || s.run.status === 'paused');
  const [error, setError] = useState<string | null>(null);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const files = [...(input.files ?? [])];
    // Cleared so that choosing the same file again imports it again.
    input.value = '';
    if (files.length > 0) setError(await importRunFiles(files));
  };
  return (
    <div className="import-run">
      <label className={`file-button${active ? ' disabled' : ''}`} title={active ? 'Stop the run on screen first' : 'A run JSON exported here, or a result-seed*.json of npm run experiment; pick several seeds of one experiment to pool them'}>
        Import run JSON
        <input type="file" multiple accept=".json,application/json" onChange={(e) => void onFile(e)} disabled={active} data-testid="import-run" />
      </label>
      {error && (
        <p className="notice notice-error" role="alert" data-testid="import-error">
          Could not import {error}
        </p>
      )}
    </div>
  );
}
