/**
 * A long streamed response (the microbe search's CSV export) asks V8 for a full collection every so much text it
 * has written. Why: V8 promotes part of each batch's short-lived rows, cells and text to its old space and, with its
 * default heap growth, collected them only after the server's memory had grown by 215-223 MB over the export of a
 * million-sample lab (bench/history.md). One collection every 4 Mi characters of CSV (about 65,000 rows; some
 * 10-15 ms each, a pause of the whole process) kept the growth to 4-49 MB at the same rows/s, but the bench's export
 * still grew 52-54 MB; every 2 Mi characters, a first export grew 14-15 MB where 4 Mi grew 28-30 MB, at the same
 * rows/s (fifteenth entry). V8's own remedy, a smaller --heap-growing-percent, bounds it too but cost every other call
 * a fifth of its throughput.
 *
 * --expose-gc is set at run time and the function taken from a new context (as Jest's leak detector does), so that
 * every way of starting the server (npm start, the cluster's workers, the tests, the bench) has it.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

type Collect = () => void;

let collector: Collect | null | undefined;

/** V8's full collection, run in a task of its own after the caller's (it stops the process while it runs); null where V8 refuses the flag. */
export function fullCollection(): Collect | null {
  if (collector === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      const gc = vm.runInNewContext('gc') as (options?: { type: 'major'; execution: 'async' }) => void;
      collector = typeof gc === 'function' ? () => gc({ type: 'major', execution: 'async' }) : null;
    } catch {
      collector = null;
    }
  }
  return collector;
}

/** The CSV export's interval: a full collection after every 2 Mi characters written (about 2 MB of CSV, 33,000 rows). */
export const EXPORT_COLLECT_CHARS = 2 * 1024 * 1024;

/**
 * A counter of text written that asks for a full collection each time `chars` more have been written. One counter
 * for all the calls of a kind (the exports share one), so that concurrent exports do not each ask for their own.
 */
export function collectEvery(chars: number, collect: Collect | null = fullCollection()): (written: number) => void {
  let since = 0;
  return (written) => {
    since += written;
    if (since < chars) return;
    since = 0;
    collect?.();
  };
}
