import { DOCUMENT_KINDS, type DocumentKind } from '../../domain/claims'
import type { UploadedPhoto } from '../../components/PhotoUploader'
import { isMediaUrl } from '../../lib/media/api'

// The claim being written, kept on this device per user, policy and claim type, so that a reload or a closed tab
// resumes it (gathering invoices takes days). Read and written from effects and handlers only (screens are
// rendered on the server too).

export interface ClaimDraft {
  eventDate: string
  place: string
  description: string
  amount: string
  payeeName: string
  bankName: string
  cardNo: string
  /** Uploaded photos by document kind, each with when it went up. */
  photos: Partial<Record<DocumentKind, DraftPhoto[]>>
}

export interface DraftPhoto extends UploadedPhoto {
  uploadedAt: number
}

export const emptyDraft = (): ClaimDraft => ({
  eventDate: '',
  place: '',
  description: '',
  amount: '',
  payeeName: '',
  bankName: '',
  cardNo: '',
  photos: {},
})

/** The server removes an upload nothing uses after a day; a draft keeps its photos for less than that. */
export const DRAFT_PHOTO_TTL_MS = 20 * 3600_000

const TEXT_FIELDS = [
  'eventDate',
  'place',
  'description',
  'amount',
  'payeeName',
  'bankName',
  'cardNo',
] as const

const key = (userId: string, policyId: string, type: string) => `claim:draft:${userId}:${policyId}:${type}`

const isPhoto = (value: unknown): value is DraftPhoto => {
  const p = value as Partial<DraftPhoto> | null
  return (
    typeof p?.id === 'string' &&
    p.id.length <= 64 &&
    typeof p.url === 'string' &&
    isMediaUrl(p.url) &&
    typeof p.uploadedAt === 'number'
  )
}

/**
 * The stored draft with photos too old to be on the server any more left out (`expired` counts them), or null
 * when there is none or it is not one.
 */
export function readDraft(
  userId: string,
  policyId: string,
  type: string,
  now = Date.now(),
): { draft: ClaimDraft; expired: number } | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key(userId, policyId, type)) ?? 'null')
    if (typeof parsed !== 'object' || parsed === null) return null
    const stored = parsed as Record<string, unknown>
    const draft = emptyDraft()
    for (const field of TEXT_FIELDS) {
      const value = stored[field]
      if (typeof value === 'string' && value.length <= 1000) draft[field] = value
    }
    let expired = 0
    const photos = stored.photos as Record<string, unknown> | undefined
    for (const kind of Object.keys(DOCUMENT_KINDS) as DocumentKind[]) {
      const list = photos?.[kind]
      if (!Array.isArray(list)) continue
      const valid = list.filter(isPhoto)
      const fresh = valid.filter((p) => now - p.uploadedAt < DRAFT_PHOTO_TTL_MS)
      expired += valid.length - fresh.length
      if (fresh.length) draft.photos[kind] = fresh
    }
    return { draft, expired }
  } catch {
    return null
  }
}

export function saveDraft(userId: string, policyId: string, type: string, draft: ClaimDraft): void {
  try {
    localStorage.setItem(key(userId, policyId, type), JSON.stringify(draft))
  } catch {
    // Storage full or disabled: the form still works, it just does not survive a reload.
  }
}

export function clearDraft(userId: string, policyId: string, type: string): void {
  try {
    localStorage.removeItem(key(userId, policyId, type))
  } catch {
    // as above
  }
}
