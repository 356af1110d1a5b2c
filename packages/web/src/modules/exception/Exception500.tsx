import { ExceptionResult } from './ExceptionResult.tsx';

/** `/exception/500` and the menu component `exception/500`. */
export function Exception500() {
  return <ExceptionResult type="500" />;
}
