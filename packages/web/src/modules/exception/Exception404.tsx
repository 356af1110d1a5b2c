import { ExceptionResult } from './ExceptionResult.tsx';

/** `/exception/404` and the menu component `exception/404`. */
export function Exception404() {
  return <ExceptionResult type="404" />;
}
