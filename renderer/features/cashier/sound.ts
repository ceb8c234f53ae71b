/**
 * A short two-tone chime for PAID, synthesised (no audio file to ship or load).
 *
 * Why it waits for the next frame and keeps one AudioContext (issue 35, pay → "Pago"): a new
 * AudioContext opens the audio device, 2–4 ms of the renderer's main thread per payment that
 * ran inside React's commit, before "Pago" could be painted. The chime now starts after the
 * frame that shows "Pago", on one context that is suspended between chimes (no audio thread
 * kept running while the counter waits).
 */
let ctx: AudioContext | null = null;
let idle: ReturnType<typeof setTimeout> | undefined;

function play(): void {
  try {
    ctx ??= new AudioContext();
    const c = ctx;
    if (idle) clearTimeout(idle);
    void c.resume();
    [880, 1320].forEach((freq, i) => {
      const osc = c.createOscillator();
      const gain = c.createGain();
      const t = c.currentTime + i * 0.15;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.3, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.3);
      osc.connect(gain).connect(c.destination);
      osc.start(t);
      osc.stop(t + 0.32);
    });
    idle = setTimeout(() => void c.suspend(), 1000);
  } catch {
    // no audio device: the big green screen is enough
  }
}

export function playPaidChime(): void {
  // After the frame that paints what caused it (a hidden window gets no frames: then a timer).
  if (typeof document !== 'undefined' && !document.hidden && 'requestAnimationFrame' in window)
    requestAnimationFrame(() => setTimeout(play, 0));
  else setTimeout(play, 0);
}
