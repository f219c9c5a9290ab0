// SWR imports useSyncExternalStore from the shim package for React 17; React 19 has it. Aliased in
// vite.config.ts, so no page ships the shim's fallback (it would only call React's anyway).
export { useSyncExternalStore } from 'react'
