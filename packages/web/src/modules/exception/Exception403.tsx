import { ExceptionResult } from './ExceptionResult.tsx';

/** `/exception/403` and the menu component `exception/403`. */
export function Exception403() {
  return <ExceptionResult type="403" />;
}
