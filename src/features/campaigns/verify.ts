import { drawMessage, pickPrize, unitFromMac } from '../../domain/campaigns'
import type { CampaignDraw } from '../../types/generated/api/campaign'

// Recomputes a campaign's draws in the browser with WebCrypto, from the seed the server reveals after the end.

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')
const fromHex = (text: string) => new Uint8Array(text.match(/../g)?.map((h) => parseInt(h, 16)) ?? [])

/** Whether the revealed seed is the one whose SHA-256 was published at the start. */
export async function seedMatches(seed: string, seedHash: string): Promise<boolean> {
  return hex(await crypto.subtle.digest('SHA-256', fromHex(seed))) === seedHash
}

/** The prize a draw maps to when recomputed from the seed (null: 谢谢参与 because nothing was left). */
export async function recomputeDraw(
  seed: string,
  campaignId: string,
  userId: string,
  draw: Pick<CampaignDraw, 'seq' | 'available'>,
): Promise<string | null> {
  const key = await crypto.subtle.importKey('raw', fromHex(seed), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(drawMessage(campaignId, userId, draw.seq)),
  )
  return pickPrize(unitFromMac(new Uint8Array(mac)), draw.available)
}
