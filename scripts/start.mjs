// `npm start`: the one server, compiled by the build (dist/server/index.js), run in this process. A checkout
// without a build (a fresh clone) is built once first; after that the build is `npm run build`'s job, so a
// production start never builds or transpiles (and runs with the dependencies alone: `npm ci --omit=dev`).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const server = join(root, 'dist/server/index.js')
const built = existsSync(server) && existsSync(join(root, 'dist/index.html'))

if (!built) {
  const vite = join(root, 'node_modules/vite/bin/vite.js')
  if (!existsSync(vite)) {
    console.error('[start] dist/ has no build and vite is not installed: run `npm install && npm run build`')
    process.exit(1)
  }
  console.log('[start] no build yet: building the app and the server (vite build)…')
  const build = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

await import(pathToFileURL(server).href)
