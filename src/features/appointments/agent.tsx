import { useEffect } from 'react'
import { useSearchParams } from 'react-router-dom'
import { AppLink } from '../../components/navigation/AppLink'
import { useSnapshot } from 'valtio'
import { persistor } from '../../state'
import { jtcStore } from '../../state/jtcState'
import type { DataLoad } from '../../types/route'
import { consultantKey, useConsultant } from './api'
import { consultantHref } from './paths'

// The spec's agentInfo (jtcState, persisted): the consultant a user arrived through (a `?agent=<consultantId>`
// link). It is read defensively: it may also hold what an outside agent app put there (name, phone, note).

export interface ServiceAgent {
  consultantId: string
  name: string
}

export function readServiceAgent(raw: Readonly<Record<string, unknown>>): ServiceAgent | null {
  const id = raw.consultantId
  const name = raw.name
  return typeof id === 'string' && id && typeof name === 'string' && name ? { consultantId: id, name } : null
}

/** The consultant id of a `?agent=` link, when it looks like one. */
const agentIdOf = (search: URLSearchParams): string | null => {
  const id = search.get('agent')
  return id && /^[a-z0-9-]{1,40}$/.test(id) ? id : null
}

/** A screen's loader part for useAgentLink: the consultant of a `?agent=` link. */
export function loadAgent(search: URLSearchParams, load: DataLoad): Promise<unknown> | null {
  const id = agentIdOf(search)
  return id ? load(consultantKey(id)) : null
}

/**
 * Keeps the consultant of a `?agent=` link in agentInfo, once the server knows them (an unknown id is ignored).
 * Written after the persisted state is restored, so the restore cannot overwrite it.
 */
export function useAgentLink(): void {
  const [params] = useSearchParams()
  const consultant = useConsultant(agentIdOf(params))
  const found = consultant.data
  useEffect(() => {
    if (!found) return
    let cancelled = false
    void persistor.restore().then(() => {
      if (cancelled) return
      const previous = jtcStore.state.agentInfo
      if (previous.consultantId === found.id && previous.name === found.name) return
      // Another agent's phone would be wrong next to this name; the note stays (it is the user's).
      jtcStore.update({ agentInfo: { ...previous, consultantId: found.id, name: found.name, phone: '' } })
    })
    return () => {
      cancelled = true
    }
  }, [found])
}

/** "您的专属顾问：林悦" when the user arrived through a consultant's link; nothing otherwise. */
export function AgentBanner() {
  const jtc = useSnapshot(jtcStore.state)
  const agent = readServiceAgent(jtc.agentInfo)
  if (!agent) return null
  return (
    <AppLink
      className="appointments-agent"
      to={consultantHref(agent.consultantId)}
      data-testid="service-agent"
    >
      您的专属顾问：<strong>{agent.name}</strong>
      <span className="appointments-agent-more">查看</span>
    </AppLink>
  )
}
