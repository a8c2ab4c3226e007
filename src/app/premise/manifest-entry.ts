/** One field of a pair's entry in the checkpoint manifest, parsed; null, quietly, when anything along the way is missing or malformed. */
import type { ZodType } from 'zod';

export function manifestEntryField<T>(manifest: unknown, name: string, field: string, schema: ZodType<T>): T | null {
  if (typeof manifest !== 'object' || manifest === null) return null;
  const pairs = (manifest as { pairs?: unknown }).pairs;
  if (typeof pairs !== 'object' || pairs === null) return null;
  const entry = (pairs as Record<string, unknown>)[name];
  if (typeof entry !== 'object' || entry === null) return null;
  const parsed = schema.safeParse((entry as Record<string, unknown>)[field]);
  return parsed.success ? parsed.data : null;
}
