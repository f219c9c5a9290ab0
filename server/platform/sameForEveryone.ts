import type { FastifyInstance, FastifyRequest } from 'fastify'
import { RENDER_REQUEST_HEADER, SAME_FOR_EVERYONE_HEADER } from '../../src/page-config/screenHtml'

// Which API answers are the same for whoever asks: those whose route read no session cookie (the visitor's or the
// studio's). Told only to the server's own renderer (its requests carry RENDER_REQUEST_HEADER): a render kept for
// everyone lists that data as shared, and a logged-in visitor's browser does not ask for it again
// (src/app/ssr/hydrateScreen.tsx).

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether the route read who is asking (a session cookie): its answer may be theirs alone. */
    readsVisitor: boolean
  }
}

/** Called wherever a session cookie is read (auth.ts, the studio's guard). */
export function markReadsVisitor(request: FastifyRequest): void {
  request.readsVisitor = true
}

export function installSameForEveryone(app: FastifyInstance): void {
  app.decorateRequest('readsVisitor', false)
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers[RENDER_REQUEST_HEADER] && !request.readsVisitor && reply.statusCode < 300)
      reply.header(SAME_FOR_EVERYONE_HEADER, '1')
    return payload
  })
}
