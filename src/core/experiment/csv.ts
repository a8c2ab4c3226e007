/** Every curve of a result as CSV rows: one row per (arm, method, candidate, eval point). */
import type { ExperimentResult } from './result';

const HEADER = ['seed', 'arm', 'method', 'candidate', 'chosen', 'step', 'tokens_generated', 'test_pass_at_1', 'test_low', 'test_high', 'test_n', 'validation_pass_at_1', 'final_length', 'rescue_rate', 'sabotage_rate', 'copy_rate', 'kl'];

function cell(v: unknown): string {
  if (v === undefined || v === null) return '';
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function curvesCsv(results: readonly ExperimentResult[]): string {
  const lines = [HEADER.join(',')];
  for (const result of results) {
    for (const [arm, record] of Object.entries(result.arms)) {
      for (const point of record.curve) {
        for (const [method, readout] of Object.entries(point.readouts)) {
          readout.candidates.forEach((c, i) => {
            lines.push(
              [result.config.seed, arm, method, c.name, i === readout.chosen ? 1 : 0, point.step, point.tokensGenerated, c.test.passAt1, c.test.low, c.test.high, c.test.n, c.validation.passAt1, c.finalLength, c.rescueRate, c.sabotageRate, c.copyRate, point.kl]
                .map(cell)
                .join(','),
            );
          });
        }
      }
    }
  }
  return lines.join('\n') + '\n';
}
