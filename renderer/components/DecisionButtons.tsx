/** The two answers to what the screen asks: go ahead (the primary button) or step back. */
export interface Decision {
  onConfirm(): void;
  /** Step back: cancel, or edit again. */
  onCancel(): void;
}

/** A Decision's buttons, the primary one first; their texts are the caller's. */
export function DecisionButtons({
  confirm,
  cancel,
  onConfirm,
  onCancel,
}: Decision & { confirm: string; cancel: string }) {
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={onConfirm}>
        {confirm}
      </button>
      <button type="button" className="btn" onClick={onCancel}>
        {cancel}
      </button>
    </>
  );
}
