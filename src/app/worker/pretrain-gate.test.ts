import { describe, expect, it } from 'vitest';
import { PretrainGate, PretrainStopped } from './pretrain-gate';

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 20));
  return done;
};

describe('pretraining gate', () => {
  it('lets steps through until paused, holds them while paused, releases on resume', async () => {
    const gate = new PretrainGate();
    expect(await settled(gate.between())).toBe(true);
    expect(gate.pause(1_000)).toBe(true);
    expect(gate.pause(1_100)).toBe(false);
    const waiting = gate.between();
    expect(await settled(waiting)).toBe(false);
    expect(gate.pausedMs(1_500)).toBe(500);
    expect(gate.resume(2_000)).toBe(true);
    expect(await settled(waiting)).toBe(true);
    expect(gate.resume(2_100)).toBe(false);
    expect(gate.pausedMs(9_000)).toBe(1_000);
  });

  it('yields to the event loop before each step, so a pause already queued holds it', async () => {
    const gate = new PretrainGate();
    setTimeout(() => gate.pause(0), 0);
    expect(await settled(gate.between())).toBe(false);
  });

  it('a stop rejects the next step, also one waiting in a pause', async () => {
    const gate = new PretrainGate();
    gate.pause(0);
    const waiting = gate.between();
    gate.stop();
    await expect(waiting).rejects.toBeInstanceOf(PretrainStopped);
    await expect(gate.between()).rejects.toBeInstanceOf(PretrainStopped);
    expect(gate.resume(1)).toBe(false);
  });
});
