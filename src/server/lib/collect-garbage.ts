/**
 * A long streamed response (the microbe search's CSV export) asks V8 for a full collection every so many bytes it
 * has written. Why: V8 promotes part of each batch's short-lived rows, cells and text to its old space and, with its
 * default heap growth, collected them only after the old space had grown by 150-230 MB over the export of a
 * million-sample lab (bench/history.md). One collection every 4 MB of CSV (about 65,000 rows, some 10-15 ms each)
 * kept the growth to 4-49 MB at the same rows/s. V8's own remedy, a smaller --heap-growing-percent, bounds it too
 * but cost every other call a fifth of its throughput.
 *
 * --expose-gc is set at run time and the function taken from a new context (as Jest's leak detector does), so that
 * every way of starting the server (npm start, the cluster's workers, the tests, the bench) has it.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

type Collect = () => void;

let collector: Collect | null | undefined;

/** V8's full collection, started incrementally (the stream goes on while it marks); null where V8 refuses the flag. */
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

/** The CSV export's interval: a full collection after every 4 MB written. */
export const EXPORT_COLLECT_BYTES = 4 * 1024 * 1024;

/** A counter of bytes written that starts a full collection each time `bytes` more have been written. */
export function collectEvery(bytes: number, collect: Collect | null = fullCollection()): (written: number) => void {
  let since = 0;
  return (written) => {
    since += written;
    if (since < bytes) return;
    since = 0;
    collect?.();
  };
}
