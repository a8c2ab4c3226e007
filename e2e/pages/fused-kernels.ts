// Browser side of e2e/fused-kernels.spec.ts: the checks of src/core/webgpu/testing/fused-checks.ts on window.
import { fusedChecks } from '../../src/core/webgpu/testing/fused-checks';

declare global {
  interface Window {
    __fused?: typeof fusedChecks;
  }
}
window.__fused = fusedChecks;
