/**
 * A time limit on work that may never settle. A backend's start can hang (a WebGPU device
 * that never arrives, a readback that never resolves): without a limit the page would wait at
 * "selecting…" for ever. The work itself cannot be cancelled, so the caller is told it ran
 * out and must clean up after it (see attempt.ts).
 */
export type Limited<T> = { kind: 'done'; value: T } | { kind: 'timeout' };

export async function withinLimit<T>(work: Promise<T>, ms: number): Promise<Limited<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Limited<T>>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), ms);
  });
  try {
    return await Promise.race([work.then((value): Limited<T> => ({ kind: 'done', value })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** "8 s", "0.5 s": how a limit reads in the header. */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
