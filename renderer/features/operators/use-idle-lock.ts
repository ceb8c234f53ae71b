import { useEffect } from 'react';
import { shouldIdleLock } from '../../../shared/domain/idle-lock';
import { OWNER_ROUTES, useApp } from '../../stores/app-store';
import { useCashier } from '../../stores/cashier-store';
import { useOperators } from '../../stores/operators-store';

/** What counts as someone at the counter: a key, the pointer moving or pressing, the wheel. */
const INPUTS = ['keydown', 'pointerdown', 'pointermove', 'wheel'] as const;
/** How often the decision is asked (cheap: a few comparisons). */
const TICK_MS = 1000;

/**
 * The idle lock's shell (issue 36): notes the last input, asks `shouldIdleLock` every second
 * with the stores' state, and on yes sends the counter back to "Quem está no caixa?".
 */
export function useIdleLock() {
  useEffect(() => {
    let lastInputAt = Date.now();
    const touched = () => {
      lastInputAt = Date.now();
    };
    for (const e of INPUTS) window.addEventListener(e, touched, { capture: true, passive: true });
    const timer = setInterval(() => {
      const ops = useOperators.getState();
      const c = useCashier.getState();
      const state = {
        minutes: useApp.getState().idleLockMinutes,
        operators: ops.enabled,
        atCounter: ops.current !== null,
        chargeStatus: c.charge?.status ?? null,
        busy: c.busy || c.pdvWaiting !== null,
        lastInputAt,
      };
      if (!shouldIdleLock(state, Date.now())) return;
      lastInputAt = Date.now();
      void ops.idleLock();
      // The prompt is on the Caixa; an owner's screen (its own lock) is left as it is.
      const app = useApp.getState();
      if (!OWNER_ROUTES.has(app.route)) void app.go('cashier');
    }, TICK_MS);
    return () => {
      clearInterval(timer);
      for (const e of INPUTS) window.removeEventListener(e, touched, { capture: true });
    };
  }, []);
}
