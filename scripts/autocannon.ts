// autocannon (load generator) with the part of its API the benchmarks use: it ships no types.
import { createRequire } from 'node:module'

export interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
  timeouts: number
}

export interface AutocannonOptions {
  url: string
  connections: number
  duration: number
  headers?: Record<string, string>
}

export const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>
