import type { ComponentProps } from 'react';

/** A form that stays on the page: submitting it (Enter, its submit button) runs `onSubmit`. */
export function Form({
  onSubmit,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit'> & { onSubmit(): void }) {
  return (
    <form
      {...props}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    />
  );
}
