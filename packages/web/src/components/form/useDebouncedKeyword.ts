import { useEffect, useState } from 'react';

/** spec §9 "Select search debounce 300 ms". */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search of a select that asks as the user types: `typed` follows every key (the select's
 * search text), `keyword` — trimmed — only once typing pauses, so a query key built from it asks
 * once per pause rather than once per key.
 */
export function useDebouncedKeyword(delayMs = SEARCH_DEBOUNCE_MS) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [typed, delayMs]);
  /** empties both at once (the select closed): the next opening starts unfiltered */
  const clear = () => {
    setTyped('');
    setKeyword('');
  };
  return { typed, setTyped, keyword, clear };
}
