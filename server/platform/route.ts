import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  preHandlerHookHandler,
} from 'fastify'
import type { ApiSchemas } from '../../src/types/generated/api'
import type { StaffAccess } from '../../src/domain/staffRoles'
import { apiSchema, type JsonSchema } from './schemas'

export type { StaffAccess }

// A route names its schemas ("file/Definition" of schemas/api/<file>.schema.json) once: the same name gives the
// validator its JSON Schema and the handler its generated TypeScript type, so the two cannot drift apart.

type SchemaFile = keyof ApiSchemas

/** "order/IdParams": the definition IdParams of schemas/api/order.schema.json. */
export type SchemaName = {
  [File in SchemaFile]: `${File}/${Extract<keyof ApiSchemas[File], string>}`
}[SchemaFile]

/** The generated type of a schema name. */
export type TypeOf<Name> = Name extends `${infer File extends SchemaFile}/${infer Definition}`
  ? NonNullable<ApiSchemas[File][Definition & keyof ApiSchemas[File]]>
  : never

export interface RouteSchema {
  summary: string
  tags: string[]
  /** Needs the session: the one authentication hook (platform/auth.ts) guards the route. */
  auth?: boolean
  /** A studio route: needs a staff session of at least this role (platform/auth.ts checks it). */
  staff?: StaffAccess
  headers?: SchemaName
  params?: SchemaName
  querystring?: SchemaName
  body?: SchemaName
  /**
   * A multipart/form-data body (uploads): described in the OpenAPI document, read and checked by the handler
   * (request.parts()), never parsed as JSON. Only routes with it accept a multipart body.
   */
  multipart?: SchemaName
  /** The 200 answer; without it the reply is not serialized by a schema (the OpenAPI document). */
  response?: SchemaName
}

type Typed<Name> = Name extends SchemaName ? TypeOf<Name> : unknown

/** The request and reply types a route's schema names give its handler. */
export interface RouteTypes<S extends RouteSchema> {
  Body: Typed<S['body']>
  Querystring: Typed<S['querystring']>
  Params: Typed<S['params']>
  Headers: Typed<S['headers']>
  Reply: Typed<S['response']>
}

export interface RouteSpec<S extends RouteSchema> {
  method: HTTPMethods
  url: string
  schema: S
  preHandler?: preHandlerHookHandler
  config?: FastifyContextConfig
  /** A body limit above the server's 1 MiB (a page config's draft). */
  bodyLimit?: number
  handler: (request: FastifyRequest<RouteTypes<S>>, reply: FastifyReply) => Promise<Typed<S['response']>>
}

/** The JSON Schema of a schema name, with its $refs inlined. */
export function schemaOf(name: SchemaName): JsonSchema {
  const [file, definition] = name.split('/')
  return apiSchema(file, definition)
}

/** Registers a route whose request and reply types come from its schema names. */
export function route<const S extends RouteSchema>(app: FastifyInstance, spec: RouteSpec<S>): void {
  const { summary, tags, auth, staff, response, multipart, ...inputs } = spec.schema
  const schema: JsonSchema = { summary, tags }
  if (auth) schema.auth = true
  if (staff) schema.staff = staff
  if (multipart) schema.multipart = schemaOf(multipart)
  for (const [part, name] of Object.entries(inputs)) if (name) schema[part] = schemaOf(name)
  if (response) schema.response = { 200: schemaOf(response) }
  app.route({
    method: spec.method,
    url: spec.url,
    schema,
    ...(spec.preHandler ? { preHandler: spec.preHandler } : {}),
    ...(spec.config ? { config: spec.config } : {}),
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    handler: spec.handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  })
}
