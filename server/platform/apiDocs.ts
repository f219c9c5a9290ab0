import fastifySwagger, { type StaticDocumentSpec } from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'

/** The API reference page: the OpenAPI document (also GET /api/openapi.json) drawn by Swagger UI. */
export const API_DOCS_PATH = '/api/docs'

// Swagger UI's scripts and styles come from its package, served here: the page needs no other host (no
// validator badge either). Its own policy: scripts from here only; it styles elements inline.
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ')

/** Serves the API reference at /api/docs/ (demo mode: the caller decides). Call once every route is registered. */
export async function installApiDocs(app: FastifyInstance): Promise<void> {
  const document = app.services.openApi() as unknown as StaticDocumentSpec['document']
  await app.register(fastifySwagger, { mode: 'static', specification: { document } })
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    staticCSP: DOCS_CSP,
    theme: { title: '国恒保险商城 API 参考' },
    uiConfig: { docExpansion: 'none', deepLinking: true, defaultModelsExpandDepth: 0 },
  })
}
