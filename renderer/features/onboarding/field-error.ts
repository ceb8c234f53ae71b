import { describeError } from '../../bridge';
import { useOnboarding } from '../../stores/onboarding-store';

/** A field's error code in words, next to it. */
export function useFieldError() {
  const errors = useOnboarding((s) => s.errors);
  return (field: string) => {
    const code = errors[field];
    return code ? describeError({ code }) : undefined;
  };
}
