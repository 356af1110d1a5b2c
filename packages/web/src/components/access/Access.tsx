import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { useAccess } from './useAccess.ts';

type AccessProps = { code: string; children: ReactNode; fallback?: ReactNode };

/**
 * Renders its children only when the user holds `code` (spec §6 button permission); under the
 * authorisation strategy "2" a single child element is rendered disabled instead.
 */
export function Access({ code, children, fallback = null }: AccessProps) {
  const state = useAccess().state(code);
  if (state === 'allowed') return <>{children}</>;
  if (state === 'disabled' && isValidElement(children)) return cloneElement(children as ReactElement<{ disabled?: boolean }>, { disabled: true });
  return <>{fallback}</>;
}
