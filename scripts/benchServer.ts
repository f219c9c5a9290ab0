// Starts the real server for benchmarks (built SPA + API, demo mode, its own DATA_DIR; PGlite unless `env` gives a
// DATABASE_URL) and stops it by PID.
import { spawn, type ChildProcess } from 'node:child_process'

export interface RunningServer {
  child: ChildProcess
  base: string
  /** Milliseconds from spawn until /api/health answered. */
  startMs: number
}

async function waitHealthy(base: string, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${base}/api/health`)
      if (res.ok) return performance.now() - started
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** `env` overrides the defaults, e.g. DATABASE_URL and TRUST_PROXY for processes behind a proxy on PostgreSQL. */
export async function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_MODE: 'demo',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  return { child, base, startMs: await waitHealthy(base, child, started) }
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve()
    child.once('exit', () => resolve())
    process.kill(child.pid, 'SIGTERM')
  })
}
