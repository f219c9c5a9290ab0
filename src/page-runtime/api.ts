import { get } from '../lib/request'
import type { Health, ServerTime } from '../types/generated/api/common'

// What the page runtime asks the server itself (a config page's blocks ask through their features' api.ts).

/** The server's health, with its run mode; not cached, given up after 5 s. */
export const fetchHealth = () => get<Partial<Health>>('/api/health', { cache: false, timeout: 5000 })

/** The server's clock (GET /api/time); not cached, given up after 5 s. */
export const fetchServerTime = () => get<Partial<ServerTime>>('/api/time', { cache: false, timeout: 5000 })
