import { describe, expect, it } from 'vitest'
import { modules } from '../../server/modules'
import { buildServices, type ServerModule } from '../../server/platform/module'
import type { Platform } from '../../server/platform/services'

// Every area is wired one way: a module's services are built from app.services, once, whatever the list order.

const platform = { mode: 'demo' } as Platform

describe('the module list', () => {
  it('names each area once', () => {
    const names = modules.map((m) => m.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it('builds a service another module needs, whichever comes first, and only once', () => {
    let built = 0
    const later = {
      name: 'later',
      services: { catalog: () => ({ built: ++built }) },
    } as unknown as ServerModule
    const earlier = {
      name: 'earlier',
      services: { family: (s: { catalog: unknown }) => ({ uses: s.catalog }) },
    } as unknown as ServerModule
    const services = buildServices(platform, [earlier, later]) as unknown as Record<string, unknown>
    expect(services.family).toEqual({ uses: { built: 1 } })
    expect(services.catalog).toBe((services.family as { uses: unknown }).uses)
    expect(built).toBe(1)
  })

  it('refuses a service defined twice or one that needs itself', () => {
    const twice = { name: 'b', services: { catalog: () => ({}) } } as unknown as ServerModule
    expect(() => buildServices(platform, [twice, { ...twice, name: 'c' }])).toThrow(
      'module c: service "catalog" is defined twice',
    )
    const loop = {
      name: 'loop',
      services: {
        orders: (s: { refunds: unknown }) => s.refunds,
        refunds: (s: { orders: unknown }) => s.orders,
      },
    } as unknown as ServerModule
    expect(() => buildServices(platform, [loop])).toThrow('needs itself')
  })
})
