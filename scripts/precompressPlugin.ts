import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|css|html|svg|json|md)$/
const MIN_BYTES = 1024

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else yield path
  }
}

function compress(path: string) {
  if (!COMPRESSIBLE.test(path)) return
  const content = readFileSync(path)
  if (content.length < MIN_BYTES) return
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }))
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
}

/**
 * Writes .br and .gz next to every text asset of the build, so the server sends compressed files
 * (@fastify/static `preCompressed`) without compressing on each request. Phones on slow networks gain most.
 * The app (client) compresses its whole folder; the studio, built after it into the same folder, only its own
 * files.
 */
export function precompressPlugin(): Plugin {
  return {
    name: 'guoheng:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client' || environment.name === 'studio',
    writeBundle(options, bundle) {
      if (this.environment.name !== 'studio') return
      const dir = options.dir ?? this.environment.config.build.outDir
      for (const fileName of Object.keys(bundle)) compress(join(dir, fileName))
    },
    closeBundle() {
      if (this.environment.name !== 'client') return
      for (const path of files(this.environment.config.build.outDir)) compress(path)
    },
  }
}
