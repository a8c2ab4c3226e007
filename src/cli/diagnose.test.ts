import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { passAtKSchema } from '../core/diagnostics/pass-at-k-schema';
import { premiseSchema } from '../core/diagnostics/premise-schema';

function cli(script: string, args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', `src/cli/${script}.ts`, ...args], { encoding: 'utf8', timeout: 600_000 });
}

describe('npm run diagnose', () => {
  it('prints usage and exits 2 on bad arguments', () => {
    for (const args of [[], ['--task', 'poetry'], ['--task', 'math', '--problems', '1'], ['--task', 'math', '--problems', '1001'], ['--task', 'math', '--samples', 'x'], ['--task', 'math', '--bogus'], ['--task', 'math', '--pass-at-k-problems', '1001'], ['--task', 'math', '--pass-at-k-only', '--pass-at-k-problems', '0']]) {
      const run = cli('diagnose', args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('usage: npm run diagnose');
    }
  }, 600_000);

  it('says which pair is missing, and how to make it', () => {
    const empty = mkdtempSync(join(tmpdir(), 'agon-empty-'));
    const run = cli('diagnose', ['--task', 'math', '--checkpoints', empty]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('has no base pair "math"; create it with "npm run pretrain -- --task math"');
    const premise = cli('diagnose', ['--task', 'math', '--pair', 'math-premise', '--checkpoints', empty]);
    expect(premise.stderr).toContain('has no base pair "math-premise"; create it with "npm run pretrain -- --task math --pair math-premise"');
    expect(cli('diagnose', ['--task', 'math', '--pair', 'code-premise']).stderr).toContain('--pair for the math family must be "math" or start with "math-"');
  }, 600_000);

  it('pretrain records a named pair with its recipe and premise figures in the manifest, and diagnose measures the same pair again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agon-premise-'));
    const recipe = ['--pair', 'math-premise', '--fact-shares', '0.36,0.22,0.22,0.2', '--fork-mix', '0.8,0.1,0.1', '--reading-trust', '0.4', '--split-seed', '7', '--hard-difficulties', '4'];
    const pretrain = cli('pretrain', ['--task', 'math', ...recipe, '--trunk-steps', '2', '--fork-steps', '1', '--batch', '2', '--check-problems', '2', '--eval-size', '6', '--out', dir]);
    expect(pretrain.status, pretrain.stderr).toBe(0);
    expect(pretrain.stdout).toContain('## The math base pair on test-hard');
    const written = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).pairs['math-premise'];
    expect(written).toMatchObject({
      task: 'math',
      recipe: { factShares: { shared: 0.36, A: 0.22, B: 0.22, neither: 0.2 }, forkMix: { own: 0.8, reading: 0.1, unrelated: 0.1 }, readingFocus: 0, readingTrust: 0.4, splitSeed: 7, hardDifficulties: [4] },
      files: { a: { file: 'math-premise-a.ckpt' }, b: { file: 'math-premise-b.ckpt' } },
    });
    expect(written.id).toMatch(/^math:[0-9a-f]{16}:[0-9a-f]{16}$/);
    // 13 shared facts of 36, 8 to each fork, 7 to no one.
    expect(Object.values(written.knowledge.facts as Record<string, string>).filter((g) => g === 'A')).toHaveLength(8);
    const premise = premiseSchema.parse(written.premise);
    expect(premise).toMatchObject({ problems: 6, samples: 4, showDraftAnswer: false, command: `npm run diagnose -- --task math --pair math-premise --checkpoints ${dir} --problems 6` });

    const json = join(dir, 'premise.json');
    const run = cli('diagnose', ['--task', 'math', '--pair', 'math-premise', '--checkpoints', dir, '--problems', '6', '--samples', '2', '--show-draft-answer', '--json', json, '--record']);
    expect(run.status, run.stderr).toBe(0);
    for (const row of ['| A |', '| B |', '| A->B cascade |', '| B->A cascade |', '| A->A self-refinement |', '| B->B self-refinement |']) expect(run.stdout).toContain(row);
    expect(run.stdout).toContain("cascades read the draft's answer shown");
    // Each model's pass@k on the same 6 problems, 64 samples each, by knowledge group.
    expect(run.stdout).toContain("### What reward alone can find: each model's pass@k");
    expect(run.stdout).toMatch(/\| model \| all \(6\) \|/);
    const fromJson = JSON.parse(readFileSync(json, 'utf8'));
    const measured = premiseSchema.parse(fromJson.premise);
    expect(measured).toMatchObject({ problems: 6, samples: 2, showDraftAnswer: true });
    const passAtK = passAtKSchema.parse(fromJson.passAtK);
    expect(passAtK).toMatchObject({ problems: 6, samples: 64, ks: [1, 4, 16, 64], temperature: 1 });
    expect(passAtK.rows[0]).toMatchObject({ group: 'all', problems: 6 });
    // --record replaces the premise, adds the pass@k and keeps every other field of the entry.
    const recorded = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).pairs['math-premise'];
    expect(premiseSchema.parse(recorded.premise)).toEqual(measured);
    expect(passAtKSchema.parse(recorded.passAtK)).toEqual(passAtK);
    expect({ ...recorded, premise: undefined, passAtK: undefined }).toEqual({ ...written, premise: undefined });

    // --pass-at-k-only measures and records the pass@k alone, on its own problem count, and leaves the premise as it was.
    const only = cli('diagnose', ['--task', 'math', '--pair', 'math-premise', '--checkpoints', dir, '--pass-at-k-only', '--pass-at-k-problems', '3', '--record']);
    expect(only.status, only.stderr).toBe(0);
    expect(only.stdout).not.toContain('## The math base pair on test-hard');
    const again = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).pairs['math-premise'];
    expect(again.premise).toEqual(recorded.premise);
    expect(passAtKSchema.parse(again.passAtK)).toMatchObject({ problems: 3, command: `npm run diagnose -- --task math --pair math-premise --checkpoints ${dir} --pass-at-k-only --pass-at-k-problems 3 --record` });
  }, 600_000);
});
