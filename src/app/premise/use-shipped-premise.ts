/**
 * The shipped pairs as the manifest lists them, for the base-pair card: which pairs a family has
 * (each entry's id), a pair's premise figures, its pass@k alone and the hard split it was made for. The manifest is fetched once per page; any
 * failure shows nothing.
 */
import { useEffect, useState } from 'react';
import type { PassAtK } from '../../core/diagnostics/pass-at-k-schema';
import type { Premise } from '../../core/diagnostics/premise-schema';
import type { ManifestPairRef } from '../../core/experiment/shipped-pair';
import { premiseFromManifest } from './headline';
import { passAtKFromManifest } from './pass-at-k-card';

let manifest: Promise<unknown> | null = null;

/** Relative to the page, as the worker fetches the checkpoints, so a build under a sub-path finds it. */
function fetchManifest(): Promise<unknown> {
  manifest ??= fetch(new URL('checkpoints/manifest.json', document.baseURI).href)
    .then((res) => (res.ok ? res.json() : null))
    .catch(() => null);
  return manifest;
}

function useManifest(): unknown {
  const [value, setValue] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    void fetchManifest().then((m) => {
      if (live) setValue(m);
    });
    return () => {
      live = false;
    };
  }, []);
  return value;
}

/** The manifest's entries by name (math, math-premise, ...), with the fields the picker reads; empty until fetched. */
export function useShippedPairs(): Record<string, ManifestPairRef> {
  const pairs = (useManifest() as { pairs?: unknown } | null)?.pairs;
  return typeof pairs === 'object' && pairs !== null ? (pairs as Record<string, ManifestPairRef>) : {};
}

/** The hard split a shipped pair (by its manifest name) was made for, when its entry records one. */
export function useShippedHardSplit(name: string): number[] | null {
  const entry = (useShippedPairs() as Record<string, { recipe?: { hardDifficulties?: unknown } } | undefined>)[name];
  const hard = entry?.recipe?.hardDifficulties;
  return Array.isArray(hard) && hard.length > 0 && hard.every((d) => Number.isInteger(d)) ? (hard as number[]) : null;
}

/** A shipped pair's premise figures (by its manifest name), when its entry records them. */
export function useShippedPremise(name: string): Premise | null {
  return premiseFromManifest(useManifest(), name);
}

/** A shipped pair's pass@k alone by knowledge group (by its manifest name), when its entry records it. */
export function useShippedPassAtK(name: string): PassAtK | null {
  return passAtKFromManifest(useManifest(), name);
}
