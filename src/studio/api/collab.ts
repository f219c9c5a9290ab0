// The studio's shared-work routes (contract: schemas/api/studioCollab.schema.json): sections and presence.
import type { PresenceList, Section, SectionInput, SectionList } from '../../types/generated/api/studioCollab'
import { API_BASE, studioRequest } from './client'

export type { PresenceList, Section, SectionInput }

export const collabApi = {
  sections: () => studioRequest<SectionList>(`${API_BASE}/sections`),
  saveSection: (input: SectionInput) =>
    studioRequest<Section>(`${API_BASE}/sections`, { method: 'POST', body: input }),
  renameSection: (id: string, name: string) =>
    studioRequest<Section>(`${API_BASE}/sections/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { name },
    }),
  deleteSection: (id: string) =>
    studioRequest<void>(`${API_BASE}/sections/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  presence: (pageId: string, tab: string, leaving = false) =>
    studioRequest<PresenceList>(`${API_BASE}/pages/${encodeURIComponent(pageId)}/presence`, {
      method: 'POST',
      body: leaving ? { tab, leaving } : { tab },
    }),
  /**
   * The tab is closing (`pagehide`): a beacon, which outlives the page but cannot send the CSRF header, so it
   * carries the one-time token of the last heartbeat instead (server/modules/pages/presence.ts, leave).
   */
  leaveByBeacon: (pageId: string, tab: string, leaveToken: string) =>
    navigator.sendBeacon(
      `${API_BASE}/pages/${encodeURIComponent(pageId)}/presence/leave`,
      new Blob([JSON.stringify({ tab, leaveToken })], { type: 'application/json' }),
    ),
}
