import { existsSync, readFileSync } from 'node:fs'
import type { PageConfig } from '../../src/types/generated/page'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sendHtml } from './htmlEncoding'
import { withAppMode } from '../../src/page-config/appMode'
import type { MarkdownTrees } from '../../src/page-config/markdownTree'
import { publishedPageText } from '../../src/page-config/publishedPageData'
import {
  compileScreenTemplate,
  escapeHtml,
  LIGHT_SHELL_TEMPLATE,
  RENDER_REQUEST_HEADER,
  SCREEN_TEMPLATES_FILE,
  type ScreenTemplate,
} from '../../src/page-config/screenHtml'

// A page published through the studio, opened directly, when no screen renderer runs (SSR=off, or a build
// without one): the server still sends the light shell's template with the live version embedded, #root
// empty, so the browser boots the light shell with that config and renders it there (src/main.tsx), loading
// only its blocks, rather than the whole app. An unknown id, an offline page or a preview link get the app's
// HTML, whose screen shows the 404, goes to the fallback or shows the draft.

/** /activity/{id} or /app/activity/{id} (a trailing slash allowed): the id, still URL-encoded. */
const PUBLISHED_PATH = /^(?:\/app)?\/activity\/([^/]+)\/?$/i

export interface PublishedShell {
  /** Sends the light shell with the page at the request's URL embedded; false when it did not. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>
}

/** Null when the build has no light-shell template. `claimed`: whether a folder config or screen owns the URL. */
export function loadPublishedShell(
  app: FastifyInstance,
  distDir: string,
  claimed: (url: string) => boolean,
): PublishedShell | null {
  const file = join(distDir, SCREEN_TEMPLATES_FILE)
  if (!existsSync(file)) return null
  const html = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)[LIGHT_SHELL_TEMPLATE]
  if (typeof html !== 'string') return null
  const template: ScreenTemplate = compileScreenTemplate(withAppMode(html, app.services.mode))
  return {
    async send(request, reply) {
      const url = new URL(request.url, 'http://localhost')
      const encoded = PUBLISHED_PATH.exec(url.pathname)?.[1]
      if (!encoded || url.searchParams.has('preview') || claimed(request.url)) return false
      let id: string
      try {
        id = decodeURIComponent(encoded)
      } catch {
        return false
      }
      // Under an A/B test, the visitor's variant (given their aid cookie now when absent), which the in-process
      // request names with this process's secret (server/modules/analytics/experiments.ts).
      const test = await app.services.experiments.forPageUrl(request, reply)
      const answer = await app.inject({
        method: 'GET',
        url: `/api/pages/${encodeURIComponent(id)}`,
        headers: {
          accept: 'application/json',
          ...(test ? { [RENDER_REQUEST_HEADER]: '1', [test.header[0]]: test.header[1] } : {}),
        },
        remoteAddress: request.ip,
      })
      if (answer.statusCode !== 200) return false
      const page = answer.json<{
        id?: string
        version?: number
        offline?: boolean
        config?: PageConfig
        markdown?: Record<string, unknown>
        experiment?: { id: string; variant: string }
      }>()
      if (page.offline || typeof page.version !== 'number' || !page.config || typeof page.id !== 'string')
        return false
      const title = typeof page.config.title === 'string' && page.config.title ? page.config.title : '活动'
      // A page under test is the visitor's own variant (and may carry their new cookie): never a shared cache's.
      reply.header('Cache-Control', test ? 'private, no-cache' : 'no-cache').type('text/html; charset=utf-8')
      await sendHtml(request, reply, {
        body: template({
          title: escapeHtml(title),
          rootAttributes: '',
          root: '',
          data: publishedPageText({
            id: page.id,
            version: page.version,
            config: page.config,
            markdown: (page.markdown ?? {}) as MarkdownTrees,
            ...(page.experiment ? { experiment: page.experiment } : {}),
          }),
        }),
      })
      return true
    },
  }
}
