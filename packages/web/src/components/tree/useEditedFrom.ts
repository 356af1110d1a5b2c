import { useState } from 'react';

/**
 * A value the user edits that starts from what the server answered (the ids a role holds): it follows
 * the answer until the user changes it, and starts afresh from a new answer (another role, a refetch)
 * without an effect copying the answer into state.
 */
export function useEditedFrom<T>(source: unknown, initial: T): [T, (value: T) => void] {
  const [edit, setEdit] = useState<{ source: unknown; value: T } | null>(null);
  const value = edit && edit.source === source ? edit.value : initial;
  return [value, (next: T) => setEdit({ source, value: next })];
}
