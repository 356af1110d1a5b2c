import type { ReactNode } from 'react';
import { useAccess } from './useAccess.ts';

type AccessProps = { code: string; children: ReactNode; fallback?: ReactNode };

/** Renders its children only when the user holds `code` (spec §6 button permission). */
export function Access({ code, children, fallback = null }: AccessProps) {
  const { can } = useAccess();
  return <>{can(code) ? children : fallback}</>;
}
