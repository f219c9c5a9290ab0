// The studio's shared-work routes (contract: schemas/api/studioCollab.schema.json): sections and presence.
import type { PresenceList, Section, SectionInput, SectionList } from '../../types/generated/api/studioCollab'
import { API_BASE, studioRequest } from './client'

export type { PresenceList, Section, SectionInput }

export const collabApi = {
  sections: () => studioRequest<SectionList>(`${API_BASE}/sections`),
  saveSection: (input: SectionInput) =>
    studioRequest<Section>(`${API_BASE}/sections`, { method: 'POST', body: input }),
  deleteSection: (id: string) =>
    studioRequest<void>(`${API_BASE}/sections/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  presence: (pageId: string, tab: string, leaving = false) =>
    studioRequest<PresenceList>(`${API_BASE}/pages/${encodeURIComponent(pageId)}/presence`, {
      method: 'POST',
      body: leaving ? { tab, leaving } : { tab },
    }),
}
