import { jtcStore } from '../../../state/jtcState'

/** The agent (consultant) context of jtcState, read defensively: it arrives from outside the mall. */
export interface AgentInfo {
  name: string
  phone: string
  note: string
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

export function readAgentInfo(raw: Readonly<Record<string, unknown>>): AgentInfo {
  return { name: text(raw.name), phone: text(raw.phone), note: text(raw.note) }
}

export const AGENT_NOTE_MAX = 200

/** Keeps the agent's note in jtcState (persisted), leaving the other agent fields as they are. */
export function saveAgentNote(note: string): void {
  jtcStore.update({ agentInfo: { ...jtcStore.state.agentInfo, note: note.slice(0, AGENT_NOTE_MAX) } })
}
