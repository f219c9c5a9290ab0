import type { ScreenRoute } from '../../types/route'
import { feedbackPaths } from './paths'

export const feedbackRoutes: ScreenRoute[] = [
  { path: feedbackPaths.form, title: '意见反馈', load: () => import('./FeedbackPage') },
  { path: feedbackPaths.success, title: '提交成功', load: () => import('./FeedbackSuccessPage') },
  { path: feedbackPaths.list, title: '我的反馈', load: () => import('./FeedbackListPage') },
]
