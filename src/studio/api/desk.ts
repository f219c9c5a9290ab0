// 在线客服's desk (客服 and 管理员): the conversation lists, one conversation's messages, taking, replying,
// transferring and closing, the customer's masked orders and policies (each view audited), and the desk's event
// stream. Contract: schemas/api/service.schema.json (its Desk* members).
import type {
  DeskAgents,
  DeskCustomer,
  DeskList,
  DeskMessageInput,
  DeskQueue,
  DeskThread,
  TransferInput,
} from '../../types/generated/api/service'
import type { MediaAsset } from '../../types/generated/api/studio'
import { API_BASE, csrfValue, studioRequest } from './client'

export type {
  ContextItem,
  CustomerOrder,
  CustomerPolicy,
  DeskAgent,
  DeskAgents,
  DeskConversation,
  DeskCustomer,
  DeskList,
  DeskMessageInput,
  DeskQueue,
  DeskThread,
  Message,
  TransferInput,
} from '../../types/generated/api/service'

const DESK = `${API_BASE}/desk`
const conversation = (id: string) => `${DESK}/conversations/${encodeURIComponent(id)}`

export const deskApi = {
  list: (queue: DeskQueue) => studioRequest<DeskList>(`${DESK}/conversations?queue=${queue}`),
  /** The conversation and its messages after `after` (reading them marks them read when it is the agent's own). */
  thread: (id: string, after = 0) =>
    studioRequest<DeskThread>(`${conversation(id)}${after > 0 ? `?after=${after}` : ''}`),
  /** 接待: of two agents at once one gets it, the other a 409 CONVERSATION_TAKEN. */
  take: (id: string) => studioRequest<DeskThread>(`${conversation(id)}/take`, { method: 'POST' }),
  /** A reply; the same clientId is sent once however often it is posted. */
  reply: (id: string, input: DeskMessageInput) =>
    studioRequest<DeskThread>(`${conversation(id)}/messages`, { method: 'POST', body: input }),
  transfer: (id: string, input: TransferInput) =>
    studioRequest<DeskThread>(`${conversation(id)}/transfer`, { method: 'POST', body: input }),
  close: (id: string) => studioRequest<DeskThread>(`${conversation(id)}/close`, { method: 'POST' }),
  /** The customer's orders and policies, masked (the server writes each view in the audit log). */
  customer: (id: string) => studioRequest<DeskCustomer>(`${conversation(id)}/customer`),
  agents: () => studioRequest<DeskAgents>(`${DESK}/agents`),
  /** An image for a reply, into the asset library; its address. */
  uploadImage: async (file: File) => {
    const form = new FormData()
    form.append('file', file)
    return (await studioRequest<MediaAsset>(`${DESK}/images`, { method: 'POST', body: form })).url
  },
}

/**
 * The desk's event stream: `changed` for every conversation, `message` for the one open (after `after`). The CSRF
 * value goes in the address: EventSource cannot send the header.
 */
export function deskStreamUrl(conversationId: string | null, after: number): string {
  const query = new URLSearchParams({ csrf: csrfValue() ?? '' })
  if (conversationId) {
    query.set('conversation', conversationId)
    query.set('after', String(after))
  }
  return `${DESK}/stream?${query}`
}
