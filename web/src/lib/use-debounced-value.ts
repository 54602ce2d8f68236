import { useEffect, useState } from 'react';
import { INPUT_DEBOUNCE_MS } from '@portal/contracts';

/** `value` once it has stayed the same for `delayMs` (spec §5: text inputs are debounced 700 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number = INPUT_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
