// `npm start`: build the SPA if it is missing or older than its sources, then start the one server.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SOURCES = [
  'src',
  'page-configs',
  'public',
  'schemas',
  'index.html',
  'studio',
  'vite.config.ts',
  'package.json',
]

function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs)
}

const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
if (builtAt === 0 || SOURCES.some((s) => newest(s) > builtAt)) {
  console.log('[start] building the app (vite build)…')
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
