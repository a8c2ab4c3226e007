import { familyByName } from '../core/tasks/families';
import type { TaskFamily } from '../core/tasks/task';

/** The task family that --task names, or a usage error through `fail`. */
export function familyFlag(task: string | undefined, fail: (message: string) => never): TaskFamily {
  if (!task) return fail('--task is required');
  try {
    return familyByName(task);
  } catch (e) {
    return fail((e as Error).message);
  }
}
