import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError } from '../platform/config'

// A PGlite folder belongs to one process (docs/configuration.md): two servers on one DATA_DIR would both accept
// writes and one's acknowledged writes would be lost. The owner writes its PID into DATA_DIR/server.lock,
// created exclusively; a lock whose process is gone (killed, crashed) is stale and taken over.

export const LOCK_FILE = 'server.lock'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readPid(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

export interface DataDirLock {
  release(): void
}

export function lockDataDir(dir: string): DataDirLock {
  const path = join(dir, LOCK_FILE)
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, `${process.pid}\n`)
      closeSync(fd)
      const release = () => {
        process.off('exit', release)
        if (readPid(path) === process.pid) unlinkSync(path)
      }
      process.once('exit', release)
      return { release }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = readPid(path)
    if (holder !== null && isAlive(holder)) {
      const who = holder === process.pid ? `this process (${holder})` : `process ${holder}`
      throw new ConfigError([
        `DATA_DIR ${dir} is in use by ${who} (${path}); stop that server or choose another DATA_DIR`,
      ])
    }
    // Stale: move it aside atomically (two starters cannot both remove a fresh lock), then try again.
    try {
      renameSync(path, `${path}.stale-${process.pid}`)
      unlinkSync(`${path}.stale-${process.pid}`)
    } catch {
      // another starter took it first; look again
    }
  }
  throw new ConfigError([`DATA_DIR ${dir}: could not take ${path}`])
}
