import fs from 'node:fs';
import path from 'node:path';

/**
 * Two processes must never open one PGlite data directory (it corrupts). The lock is a file holding
 * the owner's pid, created exclusively; a lock whose process is gone is stale and taken over.
 */
export class DataDirLockedError extends Error {}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, '.lims.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (owner && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another process (pid ${owner}). Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock of a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
