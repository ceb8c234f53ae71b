interface ChoiceProps<T> {
  id: string;
  label: string;
  value: T;
  options: ReadonlyArray<readonly [T, string]>;
  onChange(v: T): void;
}

/** The label and its select alone, for a form laid out in a row (the refund's key type). */
export function LabelledChoice<T extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
}: ChoiceProps<T>) {
  return (
    <>
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
    </>
  );
}

/** A labelled choice among fixed values, as a form field (the value is kept as its own type). */
export function Choice<T extends string | number>(p: ChoiceProps<T>) {
  return (
    <div className="field">
      <LabelledChoice {...p} />
    </div>
  );
}
