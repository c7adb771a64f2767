import { useState } from 'react';

/**
 * Whether a form (an add dialog, a card's inline edit) is open, and its last failed save's error,
 * which the form shows under a field or in its alert. Opening and closing both forget the error, so
 * a form never opens with the refusal of a save it did not make.
 */
export function useFormOpen() {
  const [isOpen, setOpen] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const to = (open: boolean) => {
    setOpen(open);
    setError(null);
  };
  return { isOpen, error, failed: setError, open: () => to(true), close: () => to(false), to };
}
