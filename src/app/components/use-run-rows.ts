/** The shown run's rows (runRows: the one source of a run's rows for every view) and their colours. */
import { useMemo } from 'react';
import { runRows, type RunRow } from '../../core/experiment/run-rows';
import { rowColors } from '../charts/colors';
import { useAppStore } from '../store/app-store';

export function useRunRows(): RunRow[] {
  const config = useAppStore((s) => s.run.config);
  return useMemo(() => (config ? runRows(config) : []), [config]);
}

export function useRowColors(): Map<string, string> {
  const rows = useRunRows();
  return useMemo(() => rowColors(rows), [rows]);
}
