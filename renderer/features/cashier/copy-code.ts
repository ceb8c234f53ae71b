import { useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * `Copiar código`: "Copiado" only when the clipboard took it; a refused write (no permission, no
 * focus) says so, and selects the code so Ctrl+C still works.
 */
export function useCopyCode(brcode: string | undefined): [CopyState, () => void] {
  const [copy, setCopy] = useState<CopyState>('idle');
  const copyCode = async () => {
    if (!brcode) return;
    let state: 'copied' | 'failed' = 'copied';
    try {
      await navigator.clipboard.writeText(brcode);
    } catch {
      state = 'failed';
      const el = document.querySelector('[data-testid="pix-copia-e-cola"]');
      if (el) window.getSelection()?.selectAllChildren(el);
    }
    setCopy(state);
    setTimeout(() => setCopy('idle'), state === 'copied' ? 2000 : 6000);
  };
  return [copy, () => void copyCode()];
}
