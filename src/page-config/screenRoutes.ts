import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { tsImport } from 'tsx/esm/api'

/**
 * The live route table of hand-written screens (src/app/routes.ts), read under Node. The file keeps its
 * screens behind `load: () => import(...)`, so importing it runs no UI code. tsImport works from the CLI,
 * the Vite config and the server alike.
 */
export async function loadScreenRoutePaths(root: string): Promise<string[]> {
  const file = pathToFileURL(join(root, 'src/app/routes.ts')).href
  const mod = (await tsImport(file, import.meta.url)) as { screenRoutes?: { path: string }[] }
  if (!Array.isArray(mod.screenRoutes)) throw new Error('src/app/routes.ts does not export screenRoutes')
  return mod.screenRoutes.map((r) => r.path)
}
