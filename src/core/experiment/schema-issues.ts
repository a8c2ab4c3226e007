/** A zod error as a sentence a user can act on: the first few fields that failed, each with why. */
import type { z } from 'zod';

const MAX_ISSUES_SHOWN = 3;

export function issuesText(error: z.ZodError, prefix: readonly (string | number)[] = []): string {
  const issues = error.issues;
  const shown = issues.slice(0, MAX_ISSUES_SHOWN).map((i) => `${[...prefix, ...i.path].map(String).join('.') || '(root)'}: ${i.message}`);
  const more = issues.length > MAX_ISSUES_SHOWN ? ` (and ${issues.length - MAX_ISSUES_SHOWN} more)` : '';
  return `${shown.join('; ')}${more}`;
}
