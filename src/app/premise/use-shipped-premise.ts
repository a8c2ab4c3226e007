/** The shipped pair's premise figures for the base-pair card: the manifest is fetched once per page; any failure shows nothing. */
import { useEffect, useState } from 'react';
import type { Premise } from '../../core/diagnostics/premise-schema';
import { premiseFromManifest } from './headline';

let manifest: Promise<unknown> | null = null;

/** Relative to the page, as the worker fetches the checkpoints, so a build under a sub-path finds it. */
function fetchManifest(): Promise<unknown> {
  manifest ??= fetch(new URL('checkpoints/manifest.json', document.baseURI).href)
    .then((res) => (res.ok ? res.json() : null))
    .catch(() => null);
  return manifest;
}

export function useShippedPremise(task: string): Premise | null {
  const [premise, setPremise] = useState<{ task: string; value: Premise | null } | null>(null);
  useEffect(() => {
    let live = true;
    void fetchManifest().then((m) => {
      if (live) setPremise({ task, value: premiseFromManifest(m, task) });
    });
    return () => {
      live = false;
    };
  }, [task]);
  return premise?.task === task ? premise.value : null;
}
