import { afterEach, describe, expect, it } from 'vitest'
import {
  CONFIG_ROUTE_ID,
  configRouteBlock,
  readConfigRoute,
  type ConfigRouteData,
} from '../../../src/page-config/configRouteData'

// A config page's HTML names its own route for the entry script; what the build writes is read back as it was,
// and a block someone else's HTML could hold (broken, missing parts, a "</script>" in a config) never starts the
// wrong page.

const route: ConfigRouteData = {
  path: '/xm/accident',
  params: { type: 'accident' },
  meta: {
    title: '意外险 </script><script>alert(1)</script>',
    dataSources: { products: { get: '/api/products', query: { category: 'accident' } } },
    routeParams: { type: { values: [{ value: 'accident' }] } },
  },
  module: '/assets/_type_.json.page-abc.js',
}

const withHead = (html: string) => {
  document.head.innerHTML = html
}
afterEach(() => {
  document.head.innerHTML = ''
})

describe('the config route in a page’s HTML', () => {
  it('is read back as the build wrote it, a "</script>" in the config kept inside the block', () => {
    const block = configRouteBlock(route)
    expect(block.match(/<\/script>/g)).toHaveLength(1)
    withHead(block)
    expect(readConfigRoute(document)).toEqual(route)
  })

  it('is nothing when absent, unreadable or missing the page’s chunk', () => {
    expect(readConfigRoute(document)).toBeNull()
    withHead(`<script type="application/json" id="${CONFIG_ROUTE_ID}">{"path":</script>`)
    expect(readConfigRoute(document)).toBeNull()
    const { module: _, ...withoutModule } = route
    withHead(
      `<script type="application/json" id="${CONFIG_ROUTE_ID}">${JSON.stringify(withoutModule)}</script>`,
    )
    expect(readConfigRoute(document)).toBeNull()
  })

  it('keeps only text parameter values and a meta of the right shape', () => {
    withHead(
      `<script type="application/json" id="${CONFIG_ROUTE_ID}">${JSON.stringify({
        ...route,
        params: { type: 'accident', extra: 3 },
        meta: { title: 7, dataSources: null },
      })}</script>`,
    )
    expect(readConfigRoute(document)).toMatchObject({
      params: { type: 'accident' },
      meta: { title: '', dataSources: null, routeParams: null },
    })
  })
})
