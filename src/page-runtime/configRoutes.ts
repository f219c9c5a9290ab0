import type { ScreenRoute } from '../types/route'

// Routes generated from page-configs/ (one lazy chunk per config page).
export const configRoutes: ScreenRoute[] = []
