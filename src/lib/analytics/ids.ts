// Random ids for events and sessions: base64url of the browser's CSPRNG (getRandomValues works on plain http
// too, unlike randomUUID). Nothing in them comes from the device.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** `bytes` random bytes as base64url without padding: 16 bytes make 22 characters. */
export function randomId(bytes = 16): string {
  const values = new Uint8Array(bytes)
  try {
    crypto.getRandomValues(values)
  } catch {
    // No Web Crypto (a very old browser): ids only need to be unlikely to repeat.
    for (let i = 0; i < bytes; i++) values[i] = Math.floor(Math.random() * 256)
  }
  let out = ''
  for (let i = 0; i < bytes; i += 3) {
    const n = (values[i] << 16) | ((values[i + 1] ?? 0) << 8) | (values[i + 2] ?? 0)
    const chars = Math.min(4, Math.ceil((Math.min(bytes - i, 3) * 8) / 6))
    for (let c = 0; c < chars; c++) out += ALPHABET[(n >> (18 - 6 * c)) & 63]
  }
  return out
}
