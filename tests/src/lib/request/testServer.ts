import { createServer, type IncomingMessage, type Server } from 'node:http'

export interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

/** A real HTTP server on 127.0.0.1 with a few behaviours the request layer must handle. */
export async function startTestServer(): Promise<{
  base: string
  received: Received[]
  hits: Map<string, number>
  close: () => Promise<void>
}> {
  const received: Received[] = []
  const hits = new Map<string, number>()
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x')
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1)
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        res.end(JSON.stringify(value))
      }
      switch (url.pathname) {
        case '/echo':
          return json(200, {
            method: req.method,
            query: url.search,
            body,
            type: req.headers['content-type'] ?? null,
            n: hits.get('/echo'),
          })
        case '/counter':
          return json(200, { n: hits.get('/counter') })
        case '/slow':
          return setTimeout(() => json(200, { slow: true }), 300)
        case '/bad-request':
          return json(400, {
            error: { code: 'INVALID_PHONE', message: '手机号格式不正确', details: [{ field: 'phone' }] },
          })
        case '/server-error-text':
          res.writeHead(502, { 'content-type': 'text/plain' })
          return res.end('Bad Gateway')
        case '/broken-json':
          res.writeHead(200, { 'content-type': 'application/json' })
          return res.end('{"items": [')
        case '/text':
          res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
          return res.end('纯文本')
        case '/empty':
          res.writeHead(204)
          return res.end()
        default:
          return json(404, { error: { code: 'NOT_FOUND', message: '接口不存在' } })
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
