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
}: TextFieldProps) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        inputMode={inputMode}
        maxLength={maxLength}
        autoComplete={autoComplete}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
