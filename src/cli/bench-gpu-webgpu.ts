/** The webgpu backend of a bench:gpu measuring process. */
// First import: navigator.gpu must exist before tfjs-backend-webgpu loads.
import { webgpuFailure } from '../core/backend/node-webgpu';
import { describeAdapter, selectBackend } from '../core/backend';

/** Starts webgpu: the adapter's description, or what webgpu in Node needs. */
export async function startWebgpu(): Promise<{ adapter?: string; error?: string }> {
  try {
    const info = await selectBackend(['webgpu']);
    return info.adapter ? { adapter: describeAdapter(info.adapter) } : {};
  } catch (err) {
    return { error: webgpuFailure(undefined, err) };
  }
}
