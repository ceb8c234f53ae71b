export interface TextFieldProps {
  id: string;
  label: string;
  value: string | number;
  error?: string | undefined;
  onChange(v: string): void;
  type?: 'text' | 'password' | 'number' | 'email' | 'tel' | 'date' | 'search';
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  maxLength?: number;
  autoComplete?: string;
  placeholder?: string | undefined;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  /** A line of help under the input, above its error. */
  help?: string;
}

/** A labelled input with its error right under it, tied by aria-describedby. */
export function TextField(props: TextFieldProps) {
  return (
    <div className="field">
      <LabelledInput {...props} />
    </div>
  );
}

/** The inside of a field (label, input, error), for a place that lays them out itself. */
export function LabelledInput({
  id,
  label,
  value,
  error,
  onChange,
  type = 'text',
  inputMode,
  maxLength,
  autoComplete = 'off',
  placeholder,
  rows,
  help,
}: TextFieldProps) {
  const common = {
    id,
    value,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea rows={rows} {...common} />
      ) : (
        <input
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          placeholder={placeholder}
          {...common}
        />
      )}
      {help && <p className="muted">{help}</p>}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
