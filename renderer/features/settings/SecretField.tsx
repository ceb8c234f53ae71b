import { useState } from 'react';
import { TextField } from '../../components/TextField';

/**
 * A write-only secret: whether one is stored, the hidden field, and its button. What is typed
 * stays in this field only, and is cleared as soon as it is sent.
 */
export function SecretField({
  id,
  label,
  status,
  saveLabel,
  ready,
  onSave,
}: {
  id: string;
  label: string;
  /** Whether one is stored, in words. */
  status: string;
  saveLabel: string;
  /** Whether what is typed may be sent. */
  ready(secret: string): boolean;
  onSave(secret: string): void;
}) {
  const [secret, setSecret] = useState('');
  return (
    <>
      <p>{status}</p>
      <TextField id={id} label={label} type="password" value={secret} onChange={setSecret} />
      <button
        type="button"
        className="btn"
        disabled={!ready(secret)}
        onClick={() => {
          onSave(secret);
          setSecret('');
        }}
      >
        {saveLabel}
      </button>
    </>
  );
}
