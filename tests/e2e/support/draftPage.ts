import { expect } from '@playwright/test'
import type { StudioClient } from '../../../scripts/studioPublish'

/**
 * Creates the studio page `pageId` (named after the config's title) and saves `config` as its draft, as the
 * specs that start from a prepared page do; the draft may hold errors only when `allowErrors` says so.
 */
export async function createDraftPage(
  api: StudioClient,
  pageId: string,
  config: { title: string } & Record<string, unknown>,
  { allowErrors = false } = {},
): Promise<void> {
  const created = await api.post('/api/studio/pages', { data: { id: pageId, title: config.title } })
  expect(created.status(), await created.text()).toBe(201)
  const { draftRevision } = (await created.json()) as { draftRevision: number }
  const saved = await api.put(`/api/studio/pages/${pageId}/draft`, {
    headers: { 'If-Match': `"${draftRevision}"` },
    data: config,
  })
  expect(saved.status(), await saved.text()).toBe(200)
  if (!allowErrors) expect(((await saved.json()) as { errors: number }).errors).toBe(0)
}
