import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { freePort } from '../../scripts/freePort'

// The real server as its own process, on 127.0.0.1 and a free port, for tests of what only a process shows: the
// DATA_DIR lock, production start-up, two processes on one PostgreSQL. The test that starts one stops it by its
// PID.

/**
 * Node's arguments that run the server (`index`) or one of its commands: compiled, as production runs them, from
 * the build in SERVER_BUILD (tests/server/serverBuild.ts compiles one for the vitest run; the e2e tests use
 * dist/server), or else from the sources with tsx.
 */
export function serverCommand(entry: 'index' | 'reconcile' | 'campaign-result'): string[] {
  const build = process.env.SERVER_BUILD
  if (build) return [join(build, `${entry}.js`)]
  return ['--import', 'tsx', entry === 'index' ? 'server/index.ts' : `scripts/${entry}.ts`]
}

export interface ServerProcess {
  child: ChildProcess
  base: string
  stderr(): string
  stdout(): string
}

export function spawnServer(
  dataDir: string | null,
  port: number,
  env: Record<string, string> = {},
): ServerProcess {
  let out = ''
  let err = ''
  const child = spawn(process.execPath, serverCommand('index'), {
    env: {
      ...process.env,
      APP_MODE: 'demo',
      LOG_LEVEL: 'warn',
      DIST_DIR: '/nonexistent',
      DATABASE_URL: '',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()))
  return { child, base: `http://127.0.0.1:${port}`, stderr: () => err, stdout: () => out }
}

export function exited(child: ChildProcess): Promise<[number | null, NodeJS.Signals | null]> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve([child.exitCode, child.signalCode])
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve([code, signal])))
}

/** Starts the server and waits until /api/health answers (fails with its stderr if it exits first). */
export async function startServerProcess(
  dataDir: string | null,
  env: Record<string, string> = {},
  port?: number,
  timeoutMs = 30_000,
): Promise<ServerProcess> {
  let server = spawnServer(dataDir, port ?? (await freePort()), env)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (server.child.exitCode !== null) {
      // A port picked here is free when picked, but another process (an outgoing connection's ephemeral port)
      // can take it during the seconds the server needs to start: then it is picked again.
      if (port === undefined && server.stderr().includes('EADDRINUSE')) {
        server = spawnServer(dataDir, await freePort(), env)
        continue
      }
      throw new Error(`server exited with ${server.child.exitCode}: ${server.stderr()}${server.stdout()}`)
    }
    try {
      if ((await fetch(`${server.base}/api/health`)).ok) return server
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.child.kill('SIGKILL')
      throw new Error(`server did not answer within ${timeoutMs} ms: ${server.stderr()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Stops a server started by a test (SIGTERM by PID) and waits for it to exit. */
export async function stopServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  server.child.kill('SIGTERM')
  await exited(server.child)
}
