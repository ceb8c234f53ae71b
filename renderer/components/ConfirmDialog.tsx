import { useEffect, useRef } from 'react';

/**
 * A question before something that cannot be undone: the title asks it, the text says what
 * follows; the safe answer has the focus. Esc closes this dialog only (the screen under it
 * must not take it too).
 */
export function ConfirmDialog({
  id,
  title,
  text,
  yes,
  no,
  onYes,
  onNo,
}: {
  /** Prefix of the title's and the text's ids. */
  id: string;
  title: string;
  text: string;
  yes: string;
  no: string;
  onYes(): void;
  onNo(): void;
}) {
  const noButton = useRef<HTMLButtonElement>(null);
  useEffect(() => noButton.current?.focus(), []);
  return (
    <div className="modal-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="modal"
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          // The innermost dialog takes Esc; the screen under it must not start over too.
          e.preventDefault();
          e.stopPropagation();
          onNo();
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-text`}>{text}</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-danger" onClick={onYes}>
            {yes}
          </button>
          <button ref={noButton} type="button" className="btn" onClick={onNo}>
            {no}
          </button>
        </div>
      </div>
    </div>
  );
}
