import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The chime of a payment must not hold up the frame that shows "Pago" (issue 35, pay → Pago):
// opening the audio device (a new AudioContext) cost 2–4 ms of the main thread inside React's
// commit. It now starts after that frame, on one context kept (suspended) between payments.
const made: string[] = [];
class FakeAudioContext {
  currentTime = 0;
  destination = {};
  constructor() {
    made.push('context');
  }
  resume = vi.fn(async () => made.push('resume'));
  suspend = vi.fn(async () => made.push('suspend'));
  createOscillator() {
    made.push('oscillator');
    return { frequency: { value: 0 }, connect: (g: unknown) => g, start() {}, stop() {} };
  }
  createGain() {
    return {
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
      connect: (d: unknown) => d,
    };
  }
}

describe('the PAID chime', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    made.length = 0;
    frames = [];
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('plays after the next frame, not while "Pago" is being drawn', async () => {
    const { playPaidChime } = await import('../../../renderer/features/cashier/sound');
    playPaidChime();
    expect(made).toEqual([]); // nothing on the main thread now
    frames.shift()!(0);
    expect(made).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(made.filter((m) => m === 'oscillator')).toHaveLength(2);
  });

  it('opens the audio device once for many payments, and lets it rest between them', async () => {
    const { playPaidChime } = await import('../../../renderer/features/cashier/sound');
    for (let i = 0; i < 3; i++) {
      playPaidChime();
      frames.shift()!(0);
      vi.advanceTimersByTime(2000);
    }
    expect(made.filter((m) => m === 'context')).toHaveLength(1);
    expect(made.filter((m) => m === 'oscillator')).toHaveLength(6);
    expect(made.filter((m) => m === 'suspend')).toHaveLength(3);
  });
});
