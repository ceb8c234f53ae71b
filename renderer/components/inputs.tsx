/** A labelled text input (settings, withdrawal, calculator forms). */
export function Input({
  id,
  label,
  value,
  onChange,
  type = 'text',
  inputMode,
  maxLength,
}: {
  id: string;
  label: string;
  value: string | number;
  onChange(v: string): void;
  type?: 'text' | 'password' | 'number';
  inputMode?: 'decimal';
  maxLength?: number;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...(inputMode && { inputMode })}
        {...(maxLength && { maxLength })}
      />
    </div>
  );
}

/** A labelled choice among fixed values (the value is kept as its own type). */
export function Choice<T extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: ReadonlyArray<readonly [T, string]>;
  onChange(v: T): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(options.find(([v]) => String(v) === e.target.value)![0])}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
