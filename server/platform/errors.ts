import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify'
import type { ErrorObject } from 'ajv'
import type { ErrorDetail } from '../../src/types/generated/api/common'
import { NO_CONTROL_CHARACTERS } from './validation'

/** An error the client caused or must know about; rendered as {"error":{code,message,details}}. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const unauthenticated = () => new ApiError(401, 'UNAUTHENTICATED', '请先登录')
export const notFound = (what: string) => new ApiError(404, 'NOT_FOUND', `${what}不存在`)
/** 429: a rate limit was reached; the client may try again after `retryAfterSeconds` (Retry-After). */
export const tooMany = (code: string, message: string, retryAfterSeconds: number) =>
  new ApiError(429, code, message, undefined, { 'Retry-After': String(retryAfterSeconds) })
/** A 400 naming the one field that is wrong. */
export const invalidField = (field: string, message: string) =>
  new ApiError(400, 'INVALID_INPUT', message, [{ field, message }])

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
}

type SchemaNode = { description?: unknown; properties?: Record<string, SchemaNode> }

function labelOf(schema: SchemaNode | undefined, field: string): string {
  const description = typeof schema?.description === 'string' ? schema.description : ''
  // Descriptions of input fields are short Chinese labels; anything longer is not a label.
  return description && description.length <= 12 ? `${description}（${field}）` : field
}

function fieldPath(instancePath: string, context: string): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.')
  return path || context
}

/** One Chinese sentence per ajv error, naming the field. */
export function describeValidationError(error: ErrorObject, context: string): ErrorDetail {
  const base = fieldPath(error.instancePath, context)
  const parent = error.parentSchema as SchemaNode | undefined
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required': {
      const name = String(params.missingProperty)
      const field = base === context ? name : `${base}.${name}`
      return { field, message: `缺少必填项：${labelOf(parent?.properties?.[name], field)}` }
    }
    case 'additionalProperties': {
      const name = String(params.additionalProperty)
      const field = base === context ? name : `${base}.${name}`
      return { field, message: `不支持的字段：${field}` }
    }
    case 'type': {
      const expected = String(params.type)
        .split(',')
        .map((t) => TYPE_NAMES[t] ?? t)
        .join('或')
      return { field: base, message: `${labelOf(parent, base)}类型不正确，应为${expected}` }
    }
    case 'minLength':
    case 'maxLength':
      return { field: base, message: `${labelOf(parent, base)}长度不正确` }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { field: base, message: `${labelOf(parent, base)}超出允许范围` }
    case 'enum':
      return { field: base, message: `${labelOf(parent, base)}的取值不在允许范围内` }
    case 'pattern':
      if (params.pattern === NO_CONTROL_CHARACTERS)
        return { field: base, message: `${labelOf(parent, base)}不能包含控制字符或无效字符` }
      return { field: base, message: `${labelOf(parent, base)}格式不正确` }
    case 'minProperties':
      return { field: base, message: '请至少提供一个要修改的字段' }
    case 'minItems':
    case 'maxItems':
    case 'uniqueItems':
      return { field: base, message: `${labelOf(parent, base)}的数量或内容不正确` }
    default:
      return { field: base, message: `${labelOf(parent, base)}格式不正确` }
  }
}

const fileProblem = (message: string) => [{ field: 'file', message }]

/** @fastify/multipart's errors (uploads), as our own; null for any other error code. */
export function multipartError(code: string | undefined, maxUploadBytes: number): ApiError | null {
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE': {
      const limit = `${Math.round(maxUploadBytes / 1024 / 1024)} MB`
      return new ApiError(
        413,
        'FILE_TOO_LARGE',
        `文件过大，单个文件不能超过 ${limit}`,
        fileProblem(`超过 ${limit}`),
      )
    }
    case 'FST_FILES_LIMIT':
      return new ApiError(413, 'TOO_MANY_FILES', '一次只能上传一个文件', fileProblem('只能有一个文件'))
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ApiError(413, 'TOO_MANY_FIELDS', '上传的表单项过多', [
        { field: '请求体', message: '表单项过多' },
      ])
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError(415, 'NOT_MULTIPART', '请以 multipart/form-data 方式上传文件', [
        { field: '请求体', message: '不是 multipart/form-data' },
      ])
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return new ApiError(400, 'INVALID_MULTIPART', '上传的表单格式不正确', [
        { field: '请求体', message: '表单格式不正确' },
      ])
  }
  return null
}

const CONTEXT_NAMES: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
}

export function sendError(
  reply: import('fastify').FastifyReply,
  status: number,
  code: string,
  message: string,
  details?: ErrorDetail[],
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: details ? { code, message, details } : { code, message } })
}

/** Maps every error to the API envelope; never leaks stacks or SQL. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers)
      return sendError(reply, error.statusCode, error.code, error.message, error.details)
    }
    if (error.validation) {
      const context = error.validationContext ?? 'body'
      const details = error.validation.map((e) =>
        describeValidationError(e as ErrorObject, CONTEXT_NAMES[context] ?? context),
      )
      return sendError(reply, 400, 'INVALID_INPUT', details[0]?.message ?? '请求参数不正确', details)
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE': {
        // The route's own limit (a studio draft takes 2 MB, an analytics batch 32 KB), else the server's 1 MB.
        const limit = request.routeOptions.bodyLimit ?? 1024 * 1024
        const size =
          limit < 1024 * 1024 ? `${Math.round(limit / 1024)} KB` : `${Math.round(limit / 1024 / 1024)} MB`
        return sendError(reply, 413, 'BODY_TOO_LARGE', `请求内容过大（上限 ${size}）`)
      }
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', '请求内容类型不受支持，请使用 JSON')
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, 'INVALID_JSON', '请求体为空，应为 JSON', [
          { field: '请求体', message: '请求体为空' },
        ])
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendError(reply, 400, 'INVALID_JSON', '请求体不是合法的 JSON', [
          { field: '请求体', message: '请求体不是合法的 JSON' },
        ])
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, 400, 'INVALID_CONTENT_LENGTH', '请求长度不正确')
    }
    const upload = multipartError(error.code, request.server.services.mediaLimits.maxUploadBytes)
    if (upload) return sendError(reply, upload.statusCode, upload.code, upload.message, upload.details)
    // Fastify's body parser raises a plain SyntaxError-like error with statusCode 400 for bad JSON.
    const status = error.statusCode ?? 500
    if (status === 400 && error instanceof SyntaxError) {
      return sendError(reply, 400, 'INVALID_JSON', '请求体不是合法的 JSON', [
        { field: '请求体', message: '请求体不是合法的 JSON' },
      ])
    }
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error')
      return sendError(reply, status, 'BAD_REQUEST', '请求不正确')
    }
    request.log.error({ err: error }, 'request failed')
    return sendError(reply, 500, 'INTERNAL', '服务暂时不可用，请稍后重试')
  })
}

/** Errors Fastify raises before a route runs (bad URL encoding, an over-long path parameter), in our format. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL')
    void sendError(reply, 400, 'BAD_URL', '请求地址编码不正确', [
      { field: '地址', message: '不是合法的 URL 编码' },
    ])
  else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    void sendError(reply, 414, 'URI_TOO_LONG', '请求地址过长', [{ field: '地址', message: '路径参数过长' }])
  else void sendError(reply, 500, 'INTERNAL', '服务暂时不可用，请稍后重试')
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT', '请求超时，请重试'],
  HPE_HEADER_OVERFLOW: [431, 'HEADERS_TOO_LARGE', '请求头或地址过长'],
  HPE_URI_TOO_LONG: [414, 'URI_TOO_LONG', '请求地址过长'],
  HPE_INVALID_CONTENT_LENGTH: [400, 'INVALID_CONTENT_LENGTH', '请求长度不正确'],
  HPE_UNEXPECTED_CONTENT_LENGTH: [400, 'INVALID_CONTENT_LENGTH', '请求长度不正确'],
}

/**
 * Requests Node's HTTP parser refuses (oversized headers, a bad Content-Length, garbage) never reach Fastify;
 * the answer is written to the socket, still in our format.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (
  error: Error & { code?: string },
  socket: Socket,
) => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'BAD_REQUEST', '请求格式不正确']
  const body = JSON.stringify({ error: { code, message } })
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}

/**
 * While the server shuts down (SIGTERM), a request that still arrives on an open connection is answered
 * 503 in our format, telling the client to retry (the load balancer sends it to another process).
 */
export function installShutdownRefusal(app: FastifyInstance): void {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return
    reply.header('Connection', 'close').header('Retry-After', '5')
    throw new ApiError(503, 'SHUTTING_DOWN', '服务正在重启，请稍后重试')
  })
}
