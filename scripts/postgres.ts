// A throwaway PostgreSQL on a free loopback port (Debian's `postgresql` binaries), for tests and benchmarks that
// need a real one: initdb into a temporary folder, start it without fsync (nothing in it needs to survive a power
// cut), create the database `app`, and stop it by its PID. Run as a command it wraps another one:
// `tsx scripts/postgres.ts <command...>` runs the command with DATABASE_URL set (scripts/with-postgres.sh).
import { execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { freePort } from './freePort'

export interface Postgres {
  /** postgres://… of the database `app`. */
  url: string
  version: string
  pid: number
  stop(): Promise<void>
}

/** The newest installed server's bin folder, or null. */
function binDir(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b))
  return versions.length ? join(root, versions[versions.length - 1], 'bin') : null
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
function run(file: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0
  return execFileSync(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

export async function startPostgres(): Promise<Postgres> {
  const bin = binDir()
  if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql)')
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'pgtest.'))
  if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0)
  const data = join(dir, 'data')
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'])
  const options = `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
  run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-o', options, 'start'])
  const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
  const stop = async () => {
    try {
      process.kill(pid, 'SIGINT')
    } catch {
      // already gone
    }
    for (;;) {
      try {
        process.kill(pid, 0)
      } catch {
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    run(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'app'])
  } catch (error) {
    await stop()
    throw error
  }
  const version = run(join(bin, 'postgres'), ['--version']).split(' ')[2] ?? ''
  return { url: `postgres://postgres@127.0.0.1:${port}/app`, version, pid, stop }
}

// As a command: start one, run the given command with DATABASE_URL, stop it, exit with the command's code.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, ...args] = process.argv.slice(2)
  if (!command) {
    console.error('usage: scripts/with-postgres.sh <command...>')
    process.exit(2)
  }
  const pg = await startPostgres()
  console.log(`[with-postgres] PostgreSQL ${pg.version} on ${new URL(pg.url).host} (pid ${pg.pid})`)
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: pg.url } })
  // Ctrl-C reaches the command (same process group); the database stops after it does.
  process.on('SIGINT', () => {})
  process.on('SIGTERM', () => child.kill('SIGTERM'))
  const code = await new Promise<number>((resolve) =>
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))),
  )
  await pg.stop()
  process.exit(code)
}
