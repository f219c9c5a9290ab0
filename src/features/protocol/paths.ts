export type ProtocolKey = 'privacy' | 'sensitive' | 'service' | 'auth'

/** The agreement texts (src/config/agreements.ts names them by these paths). */
export const protocolHref = (key: ProtocolKey) => `/protocol/${key}`
