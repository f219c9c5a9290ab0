// One function per studio API route (contract: schemas/api/studio.schema.json, tag studio of /api/openapi.json).
import { API_BASE, studioRequest, type JsonText } from './client'
import type {
  AuditEntry,
  PartnerHealth,
  MarkdownTrees,
  MediaAsset,
  MediaPage,
  MediaQuery,
  PageConfig,
  PageDetail,
  PageList,
  PageVersion,
  PreviewLink,
  Published,
  SavedDraft,
  ScheduleCancelled,
  Staff,
  StaffAccount,
  StaffRole,
  StudioConfigError,
  Unpublished,
  VersionConfig,
} from './types'

const page = (id: string) => `${API_BASE}/pages/${encodeURIComponent(id)}`

export const studioApi = {
  login: (username: string, password: string) =>
    studioRequest<{ staff: Staff }>(`${API_BASE}/session`, { method: 'POST', body: { username, password } }),
  session: () => studioRequest<{ staff: Staff }>(`${API_BASE}/session`),
  logout: () => studioRequest<void>(`${API_BASE}/session`, { method: 'DELETE' }),

  pages: (q = '') => studioRequest<PageList>(`${API_BASE}/pages${q ? `?q=${encodeURIComponent(q)}` : ''}`),
  folderConfig: (file: string) =>
    studioRequest<{ file: string; config: PageConfig }>(
      `${API_BASE}/templates/config?file=${encodeURIComponent(file)}`,
    ),
  createPage: (input: { id: string; title: string; template?: string; from?: string }) =>
    studioRequest<PageDetail>(`${API_BASE}/pages`, { method: 'POST', body: input }),
  page: (id: string) => studioRequest<PageDetail>(page(id)),
  saveDraft: (id: string, config: PageConfig, revision: number) =>
    studioRequest<SavedDraft>(`${page(id)}/draft`, {
      method: 'PUT',
      body: config,
      headers: { 'if-match': `"${revision}"` },
    }),
  /** `config` may come serialized (the draft's tick also keeps that text in localStorage). */
  validate: (id: string, config: PageConfig | JsonText, signal?: AbortSignal) =>
    studioRequest<{ errors: StudioConfigError[] }>(`${API_BASE}/validate?id=${encodeURIComponent(id)}`, {
      method: 'POST',
      body: config,
      signal,
    }),
  publish: (id: string, revision: number, at?: string) =>
    studioRequest<Published>(`${page(id)}/publish`, {
      method: 'POST',
      body: at ? { revision, at } : { revision },
    }),
  rollback: (id: string, version: number) =>
    studioRequest<Published>(`${page(id)}/rollback`, { method: 'POST', body: { version } }),
  unpublish: (id: string) => studioRequest<Unpublished>(`${page(id)}/unpublish`, { method: 'POST' }),
  cancelSchedule: (id: string, scheduleId: string) =>
    studioRequest<ScheduleCancelled>(`${page(id)}/schedules/${encodeURIComponent(scheduleId)}/cancel`, {
      method: 'POST',
    }),
  /** 载入线上版本到草稿: saved like any draft, on the revision being edited. */
  loadLive: (id: string, revision: number) =>
    studioRequest<SavedDraft>(`${page(id)}/draft/load-live`, {
      method: 'POST',
      headers: { 'if-match': `"${revision}"` },
    }),
  versions: (id: string) => studioRequest<{ versions: PageVersion[] }>(`${page(id)}/versions`),
  version: (id: string, version: number) => studioRequest<VersionConfig>(`${page(id)}/versions/${version}`),
  previewLink: (id: string, at?: string) =>
    studioRequest<PreviewLink>(`${page(id)}/preview-links`, { method: 'POST', body: at ? { at } : {} }),
  /** Uploads an image into the asset library (素材库). */
  uploadAsset: (file: File) => {
    const form = new FormData()
    form.append('file', file)
    return studioRequest<MediaAsset>(`${API_BASE}/media`, { method: 'POST', body: form })
  },
  uploadImage: async (file: File) => (await studioApi.uploadAsset(file)).url,
  /** A page of the asset library, newest first (`q` searches file names; `url` finds one upload). */
  mediaLibrary: (query: MediaQuery) => {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
    const search = params.toString()
    return studioRequest<MediaPage>(`${API_BASE}/media${search ? `?${search}` : ''}`)
  },
  compileMarkdown: async (sources: string[]) => {
    const { markdown } = await studioRequest<{ markdown: MarkdownTrees }>(`${API_BASE}/preview/markdown`, {
      method: 'POST',
      body: { sources },
    })
    return markdown
  },

  audit: (pageId?: string, limit = 200) => {
    const query = new URLSearchParams({ limit: String(limit) })
    if (pageId) query.set('page', pageId)
    return studioRequest<{ entries: AuditEntry[] }>(`${API_BASE}/audit?${query}`)
  },
  staff: () => studioRequest<{ staff: StaffAccount[] }>(`${API_BASE}/staff`),
  partnerHealth: () => studioRequest<PartnerHealth>(`${API_BASE}/partner-health`),
  addStaff: (input: { username: string; displayName: string; role: StaffRole; password: string }) =>
    studioRequest<{ staff: StaffAccount } | StaffAccount>(`${API_BASE}/staff`, {
      method: 'POST',
      body: input,
    }),
  updateStaff: (id: number, change: { role?: StaffRole; disabled?: boolean; password?: string }) =>
    studioRequest<unknown>(`${API_BASE}/staff/${id}`, { method: 'PATCH', body: change }),
}
