export interface ModelConfig {
  vocabSize: number;
  dModel: number;
  nLayers: number;
  nHeads: number;
  dFF: number;
  /** Longest sequence (positions 0..maxLen-1) the position embedding covers. */
  maxLen: number;
}

export const DEFAULT_MODEL_CONFIG: Omit<ModelConfig, 'vocabSize'> = {
  dModel: 64,
  nLayers: 2,
  nHeads: 4,
  dFF: 256,
  maxLen: 128,
};

export function defaultModelConfig(vocabSize: number): ModelConfig {
  return { vocabSize, ...DEFAULT_MODEL_CONFIG };
}

/** Human-readable problems with a config; empty when it is usable. */
export function validateModelConfig(c: ModelConfig): string[] {
  const errors: string[] = [];
  for (const key of ['vocabSize', 'dModel', 'nLayers', 'nHeads', 'dFF', 'maxLen'] as const) {
    const v = c[key];
    if (!Number.isInteger(v) || v <= 0) errors.push(`${key} must be a positive integer (got ${String(v)})`);
  }
  if (Number.isInteger(c.dModel) && Number.isInteger(c.nHeads) && c.nHeads > 0 && c.dModel % c.nHeads !== 0) {
    errors.push(`dModel (${c.dModel}) must be divisible by nHeads (${c.nHeads})`);
  }
  return errors;
}

export function configsEqual(a: ModelConfig, b: ModelConfig): boolean {
  return (
    a.vocabSize === b.vocabSize &&
    a.dModel === b.dModel &&
    a.nLayers === b.nLayers &&
    a.nHeads === b.nHeads &&
    a.dFF === b.dFF &&
    a.maxLen === b.maxLen
  );
}

/** How many weights a Transformer of this config has, known before building it (see transformer.ts). */
export function paramCountOf(c: ModelConfig): number {
  const { vocabSize: V, dModel: D, dFF: F, nLayers, maxLen } = c;
  // Per layer: two layer norms, attention (qkv and out, with biases), the MLP (up and down, with biases).
  const layer = 4 * D + (D * 3 * D + 3 * D) + (D * D + D) + (D * F + F) + (F * D + D);
  return V * D + maxLen * D + nLayers * layer + 2 * D + D * V;
}
