import { screen, waitFor } from '@testing-library/react'
import { matchRoutes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { allRoutes, buildRouteObjects } from '../../../../src/app/router'
import { resetClockOffset } from '../../../../src/page-runtime/serverClock'
import type { RouteHandle } from '../../../../src/types/route'
import { renderAppRoutes } from '../../harness'
import { json, serve } from './serve'

// /activity/:id sits behind every fixed path, in both root layouts, and titles the page by its config.

const routePathAt = (url: string) =>
  (matchRoutes(buildRouteObjects(allRoutes), url)?.at(-1)?.route.handle as RouteHandle | undefined)?.path

beforeEach(() => resetClockOffset())
afterEach(() => vi.unstubAllGlobals())

describe('published pages in the route table', () => {
  it('folder configs and screens keep their paths; any other /activity/{id} is a published page', () => {
    expect(routePathAt('/activity/worldcup')).toBe('/activity/worldcup')
    expect(routePathAt('/activity/fairness')).toBe('/activity/fairness')
    expect(routePathAt('/activity/spring-health')).toBe('/activity/:id')
    expect(routePathAt('/app/activity/spring-health')).toBe('/activity/:id')
    expect(routePathAt('/studio-preview')).toBe('/studio-preview')
  })

  it("the title bar and the document carry the page's own title", async () => {
    serve('2026-11-25T10:00:00+08:00', {
      '/api/pages/spring-health': () =>
        json(200, {
          id: 'spring-health',
          version: 2,
          publishedAt: '2026-11-20T00:00:00+08:00',
          config: { schemaVersion: 3, title: '春季健康节', blocks: [{ type: 'title', text: '欢迎参加' }] },
          markdown: {},
        }),
    })
    await renderAppRoutes(buildRouteObjects(allRoutes), '/activity/spring-health')
    expect(await screen.findByText('欢迎参加')).toBeInTheDocument()
    expect(document.querySelector('.app-navbar')).toHaveTextContent('春季健康节')
    await waitFor(() => expect(document.title).toBe('春季健康节'))
  })

  it('an unknown id is titled 页面不存在', async () => {
    serve('2026-11-25T10:00:00+08:00', {})
    await renderAppRoutes(buildRouteObjects(allRoutes), '/activity/nope')
    expect(await screen.findByTestId('not-found')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('页面不存在'))
  })
})
