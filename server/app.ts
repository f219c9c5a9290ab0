import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'

export interface AppOptions {
  /** Folder of the built SPA (default ./dist). */
  distDir?: string
  logger?: boolean
}

/** Builds the one server: the JSON API under /api and the built SPA with history fallback. */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false })
  const distDir = resolve(options.distDir ?? 'dist')

  app.get('/api/health', async () => ({ status: 'ok' }))

  if (existsSync(join(distDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false })
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' || request.url.startsWith('/api/')) {
        return reply.code(404).send({ error: { code: 'NOT_FOUND', message: '接口不存在' } })
      }
      return reply.type('text/html').sendFile('index.html')
    })
  }
  return app
}
