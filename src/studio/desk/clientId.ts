// A message's client id: the server keeps one message per id, so a request sent twice (a double click, a retry
// after a lost answer) posts once. The schema asks for 8–64 of [A-Za-z0-9_-].
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
}
