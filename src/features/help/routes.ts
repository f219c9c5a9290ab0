import type { ScreenRoute } from '../../types/route'
import { helpPaths } from './paths'

export const helpRoutes: ScreenRoute[] = [
  { path: helpPaths.faq, title: '常见问题', load: () => import('./FaqPage') },
  { path: helpPaths.question, title: '问题详情', load: () => import('./FaqQuestionPage') },
]
