import { createServer } from 'node:http'
import type { CallbackRequest } from '../../../server/modules/payments/providers/provider'

/**
 * Our side of the notify URL on 127.0.0.1: hands each delivered callback (headers with lower-case names, the
 * exact body) to `receive` and answers with the status it returns.
 */
export async function startCallbackReceiver(receive: (request: CallbackRequest) => Promise<number> | number) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string') headers[name] = value
      Promise.resolve(receive({ headers, rawBody: Buffer.concat(chunks).toString('utf8') })).then(
        (status) => res.writeHead(status).end(),
        () => res.writeHead(500).end(),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}/api/payments/callback/wechatpay`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
