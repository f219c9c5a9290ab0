import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { createBuilder } from 'vite'
import { SERVER_ENVIRONMENT } from '../../scripts/serverBuildPlugin'

// vitest globalSetup of the "processes" project: compiles the server as `vite build` does for production
// (dist/server/index.js and its commands), from the sources as they are now, into a folder of this run. The tests
// that start the server or a command as a process run that (serverProcess.ts), as production does: started with
// tsx, each process spent 5 more CPU-seconds transpiling and resolving than the server itself needed to start.
// The folder sits under node_modules so that the compiled server finds the packages and the repository
// (server/platform/repoRoot.ts) as dist/server does.

const root = join(import.meta.dirname, '../..')

export default async function setup(): Promise<() => void> {
  const outDir = join(root, 'node_modules/.cache', `mall-test-server-${process.pid}`)
  const builder = await createBuilder({
    root,
    logLevel: 'warn',
    environments: { [SERVER_ENVIRONMENT]: { build: { outDir, emptyOutDir: true } } },
  })
  await builder.build(builder.environments[SERVER_ENVIRONMENT])
  // The test workers start after the global setups and inherit this environment.
  process.env.SERVER_BUILD = outDir
  return () => rmSync(outDir, { recursive: true, force: true })
}
