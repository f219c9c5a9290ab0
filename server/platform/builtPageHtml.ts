import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { withAppMode } from '../../src/page-config/appMode'
import type { AppMode } from './config'
import { sendHtml } from './htmlEncoding'
import { bodyEtag } from './renderCache'

// The consumer app's HTML files of the build (index.html, a config page's prerendered HTML, a screen's), read once
// and told the server's mode (the 演示环境 strip in demo mode, src/page-config/appMode.ts), then sent like a render:
// compressed once per encoding, with an ETag (a 304 when it matches), revalidated on each visit (`no-cache`).

interface BuiltPage {
  body: string
  etag: string
}

export function builtPageHtml(distDir: string, mode: AppMode) {
  // The build's HTML files do not change while the server runs: a few dozen, kept.
  const pages = new Map<string, BuiltPage>()
  return async (request: FastifyRequest, reply: FastifyReply, file: string): Promise<void> => {
    let page = pages.get(file)
    if (!page) {
      const body = withAppMode(readFileSync(join(distDir, file), 'utf8'), mode)
      page = { body, etag: bodyEtag(body) }
      pages.set(file, page)
    }
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8')
    await sendHtml(request, reply, {
      body: page.body,
      keptAs: { owner: page, variant: 'file' },
      etag: page.etag,
    })
  }
}
