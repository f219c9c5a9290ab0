import type { FastifyInstance, RouteOptions } from 'fastify'
import { apiSchema, type JsonSchema } from './schemas'
import { refuseControlCharacters } from './validation'

interface CollectedRoute {
  method: string
  url: string
  schema: JsonSchema
}

// Fastify ignores these extra schema keys; the OpenAPI document reads them.
declare module 'fastify' {
  interface FastifySchema {
    summary?: string
    tags?: readonly string[]
    /** Needs the session cookie. */
    auth?: boolean
    /** A studio route: needs the studio session of at least this staff role. */
    staff?: 'editor' | 'publisher' | 'admin'
    /** The multipart/form-data body of an upload route (read by its handler, not by Fastify). */
    multipart?: unknown
  }
}

/** An input schema as the validator sees it. */
const input = (schema: unknown) => (schema ? refuseControlCharacters(schema as JsonSchema) : undefined)

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

function parameters(schema: JsonSchema | undefined, where: 'query' | 'path' | 'header'): JsonSchema[] {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema?.required as string[] | undefined) ?? [])
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    description: property.description,
    schema: property,
  }))
}

/** Records every route as it is registered; call before registering routes. */
export function collectRoutes(app: FastifyInstance): CollectedRoute[] {
  const routes: CollectedRoute[] = []
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    // Routes that are no part of the API (the reference page's own files) say `hide`.
    if (!route.url.startsWith('/api/') || (route.schema as { hide?: boolean } | undefined)?.hide) return
    for (const method of methods) {
      if (method === 'HEAD') continue
      routes.push({
        method: method.toLowerCase(),
        url: route.url,
        schema: (route.schema ?? {}) as JsonSchema,
      })
    }
  })
  return routes
}

/** OpenAPI 3.0 document of the collected routes, from the same schemas that validate them. */
export function buildOpenApi(routes: CollectedRoute[]): JsonSchema {
  const error = apiSchema('common', 'ApiError')
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const { method, url, schema } of routes) {
    const responses: Record<string, JsonSchema> = {}
    for (const [status, body] of Object.entries((schema.response ?? {}) as Record<string, JsonSchema>)) {
      responses[status] = { description: '成功', content: { 'application/json': { schema: body } } }
    }
    if (Object.keys(responses).length === 0) responses['200'] = { description: '成功' }
    responses['4XX'] = {
      description: '请求错误（字段、权限、频率等）',
      content: { 'application/json': { schema: error } },
    }
    if (schema.auth)
      responses['401'] = { description: '未登录', content: { 'application/json': { schema: error } } }
    if (schema.staff) {
      responses['401'] = {
        description: '未登录运营工作台（STAFF_LOGIN_REQUIRED）',
        content: { 'application/json': { schema: error } },
      }
      responses['403'] = {
        description: `角色不足（STAFF_FORBIDDEN）：需要 ${schema.staff} 或更高`,
        content: { 'application/json': { schema: error } },
      }
    }
    const operation: JsonSchema = {
      summary: schema.summary,
      tags: schema.tags,
      operationId: `${method}${url.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      parameters: [
        ...parameters(input(schema.params), 'path'),
        ...parameters(input(schema.querystring), 'query'),
        ...parameters(input(schema.headers), 'header'),
      ],
      responses,
    }
    if (schema.body)
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: input(schema.body) } },
      }
    if (schema.multipart)
      operation.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: schema.multipart } },
      }
    if (schema.auth) operation.security = [{ sessionCookie: [] }]
    // The studio's own cookie and the least role (editor < publisher < admin).
    if (schema.staff) operation['x-staff-role'] = schema.staff
    const path = toOpenApiPath(url)
    paths[path] = { ...paths[path], [method]: operation }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: '国恒保险商城 API',
      version: '1.0.0',
      description:
        'JSON API of the insurance mall. Errors: {"error":{"code","message","details"}}; money in integer fen.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
        studioSession: { type: 'apiKey', in: 'cookie', name: 'studio_session' },
      },
    },
    paths,
  }
}
