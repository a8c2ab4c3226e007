import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatList,
  formatProgram,
  MAX_PROGRAM_LENGTH,
  parseList,
  parseProgram,
  PRIMITIVES,
  runProgram,
  traceProgram,
} from './dsl';

const run = (program: string, list: string): string => formatList(runProgram(parseProgram(program) ?? [], parseList(list) ?? []));

describe('list DSL', () => {
  it('applies each primitive as documented', () => {
    expect(run('rev', '314')).toBe('413');
    expect(run('srt', '314')).toBe('134');
    expect(run('inc', '309')).toBe('410');
    expect(run('odd', '3148')).toBe('31');
    expect(run('odd', '248')).toBe('_');
  });

  it('runs programs left to right and traces every intermediate list', () => {
    expect(run('rev inc', '314')).toBe('524');
    expect(traceProgram(parseProgram('rev inc odd') ?? [], [3, 1, 4]).map(formatList)).toEqual(['413', '524', '5']);
  });

  it('parses only well-formed programs of 1 to 3 known primitives', () => {
    expect(parseProgram('rev inc')).toEqual(['rev', 'inc']);
    expect(parseProgram('rev srt inc')).toHaveLength(3);
    expect(MAX_PROGRAM_LENGTH).toBe('rev srt inc'.length);
    for (const bad of ['', ' ', 'rev ', ' rev', 'rev  inc', 'REV', 'revinc', 'rev,inc', 'rev inc dec odd', 'rev dec', 'inc evn', 'abc', 'x'.repeat(10_000)]) {
      expect(parseProgram(bad)).toBeNull();
    }
  });

  it('round-trips lists and programs', () => {
    expect(parseList('_')).toEqual([]);
    expect(parseList('')).toBeNull();
    expect(parseList('3a')).toBeNull();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 5 }), (list) => {
        expect(parseList(formatList(list))).toEqual(list);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PRIMITIVES), { minLength: 1, maxLength: 3 }), (program) => {
        expect(parseProgram(formatProgram(program))).toEqual(program);
      }),
    );
  });

  it('never lengthens a list and keeps every element a digit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PRIMITIVES), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 5 }),
        (program, input) => {
          const output = runProgram(program, input);
          expect(output.length).toBeLessThanOrEqual(input.length);
          for (const x of output) expect(Number.isInteger(x) && x >= 0 && x <= 9).toBe(true);
        },
      ),
    );
  });
});
