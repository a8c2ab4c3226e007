export { selectBackend } from './select';
export { probeWebGPU } from './webgpu-probe';
export type { WebGPUProbe } from './webgpu-probe';
export { DEFAULT_BACKEND_ORDER, describeAdapter } from './types';
export type { AdapterSummary, BackendAttempt, BackendInfo, BackendName } from './types';
export { backendsAfterLoss, deviceLossMessage, DeviceLostError } from './device-loss';
export type { DeviceLoss } from './device-loss';
