// A real reverse proxy in front of several server processes, as docs/deploy.md deploys them: Debian's haproxy on a
// free loopback port, round-robin per request, health-checked (/api/health), adding X-Forwarded-For (so the
// processes run with TRUST_PROXY=127.0.0.1). Started in the foreground by the script or test that needs it and
// stopped by its PID.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './freePort'

export interface Proxy {
  /** http://127.0.0.1:port, in front of every backend. */
  base: string
  child: ChildProcess
  stop(): Promise<void>
}

export function haproxyInstalled(): boolean {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0
}

export function haproxyConfig(port: number, backends: readonly string[]): string {
  const servers = backends.map((base, i) => `  server app${i + 1} ${new URL(base).host} check inter 2s`)
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A busy process answers its health check late (it waits for a database connection like any request): late
    // is not dead, and taking every busy process out turns a slow launch into 503s (bench:launch at 100 users/s).
    '  timeout check 5s',
    '  option forwardfor',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    ...servers,
    '',
  ].join('\n')
}

/** Starts haproxy in front of `backends` (base URLs) and waits until every backend answers through it. */
export async function startProxy(backends: readonly string[], timeoutMs = 15_000): Promise<Proxy> {
  if (!haproxyInstalled()) throw new Error('haproxy not found (apt-get install -y haproxy)')
  const dir = mkdtempSync(join(tmpdir(), 'mall-proxy-'))
  const port = await freePort()
  const file = join(dir, 'haproxy.cfg')
  writeFileSync(file, haproxyConfig(port, backends))
  let err = ''
  // -db: foreground, no daemon; -W: master-worker, so SIGTERM to this PID stops the workers too.
  const child = spawn('haproxy', ['-W', '-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] })
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  // Healthy once each backend has answered through it (round robin: as many answers in a row as backends).
  for (let ok = 0; ok < backends.length;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`haproxy exited with ${child.exitCode}: ${err}`)
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`haproxy did not pass requests within ${timeoutMs} ms: ${err}`)
    }
    try {
      ok = (await fetch(`${base}/api/health`)).ok ? ok + 1 : 0
    } catch {
      ok = 0
    }
    if (ok < backends.length) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { base, child, stop }
}
