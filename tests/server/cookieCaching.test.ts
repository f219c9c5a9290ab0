import fastifyCookie from '@fastify/cookie'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installSecurity } from '../../server/platform/security'
import type { Services } from '../../server/platform/services'

// A shared cache (a CDN, a proxy) keeps a public answer with its Set-Cookie and hands that cookie to every later
// visitor: a visitor's analytics id (or worse, a session) would be shared.
describe('answers that set a cookie', () => {
  const app = Fastify()
  beforeAll(async () => {
    app.decorate('services', { mode: 'demo' } as Services)
    await app.register(fastifyCookie)
    installSecurity(app)
    app.get('/page', (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=0, s-maxage=5')
      if ((request.query as { cookie?: string }).cookie) reply.setCookie('aid', 'x', { path: '/' })
      return reply.type('text/html').send('<p>ok</p>')
    })
    app.get('/fallback', (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').setCookie('aid', 'x', { path: '/' }).send('ok'),
    )
    await app.ready()
  })
  afterAll(() => app.close())

  it('are private, whatever caching the route asked for', async () => {
    const shared = await app.inject({ url: '/page?cookie=1' })
    expect(shared.headers['set-cookie']).toBeDefined()
    expect(shared.headers['cache-control']).toBe('private, no-cache')
    const fallback = await app.inject({ url: '/fallback' })
    expect(fallback.headers['cache-control']).toBe('private, no-cache')
  })

  it('and an answer without one keeps its shared caching', async () => {
    const res = await app.inject({ url: '/page' })
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=5')
  })
})
