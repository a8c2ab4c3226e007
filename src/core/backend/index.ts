export { selectBackend } from './select';
export { probeWebGPU } from './webgpu-probe';
export type { WebGPUProbe } from './webgpu-probe';
export { ADAPTER_NOT_REPORTED, DEFAULT_BACKEND_ORDER, describeAdapter } from './types';
export type { AdapterSummary, BackendAttempt, BackendInfo, BackendName } from './types';
export { backendsAfterLoss, deviceLossMessage, DeviceLostError } from './device-loss';
export type { DeviceLoss } from './device-loss';
