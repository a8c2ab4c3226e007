import { codeFamily } from './code';
import { mathFamily } from './math';
import type { TaskFamily, TaskFamilyName } from './task';

export const FAMILIES: Record<TaskFamilyName, TaskFamily> = { math: mathFamily, code: codeFamily };

export function familyByName(name: string): TaskFamily {
  const family = FAMILIES[name as TaskFamilyName];
  if (!family) throw new Error(`unknown task family "${name}"; choose one of: ${Object.keys(FAMILIES).join(', ')}`);
  return family;
}
