/** Opens a run file (the app's JSON export or the CLI's result-seed*.json) and draws it; a bad file gets its reason. */
import { useState, type ChangeEvent } from 'react';
import { importRunFile } from '../export/import-run';
import { useAppStore } from '../store/app-store';

export function ImportRun() {
  const active = useAppStore((s) => s.run.status === 'loading' || s.run.status === 'running' || s.run.status === 'paused');
  const [error, setError] = useState<string | null>(null);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again imports it again.
    input.value = '';
    if (file) setError(await importRunFile(file));
  };
  return (
    <div className="import-run">
      <label className={`file-button${active ? ' disabled' : ''}`} title={active ? 'Stop the run on screen first' : 'A run JSON exported here, or a result-seed*.json of npm run experiment'}>
        Import run JSON
        <input type="file" accept=".json,application/json" onChange={(e) => void onFile(e)} disabled={active} data-testid="import-run" />
      </label>
      {error && (
        <p className="notice notice-error" role="alert" data-testid="import-error">
          Could not import {error}
        </p>
      )}
    </div>
  );
}
