import type { ScreenRoute } from '../../types/route'

export const claimRoutes: ScreenRoute[] = []
