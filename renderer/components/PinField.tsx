import { LabelledInput, TextField, type TextFieldProps } from './TextField';

/**
 * A PIN: typed hidden, on the numeric keypad. `bare`: without the field's frame, for the
 * owner dialog, which lays out its own.
 */
export function PinField({
  bare = false,
  ...props
}: Omit<TextFieldProps, 'type' | 'inputMode'> & { bare?: boolean }) {
  const Shape = bare ? LabelledInput : TextField;
  return <Shape type="password" inputMode="numeric" {...props} />;
}
