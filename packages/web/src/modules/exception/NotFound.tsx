import { ExceptionResult } from './ExceptionResult.tsx';

/** spec §2: `/404`, where every unknown path ends up. */
export function NotFound() {
  return <ExceptionResult type="404" />;
}
