import type { ScreenRoute } from '../../types/route'
import { contentPaths } from './paths'

export const contentRoutes: ScreenRoute[] = [
  { path: contentPaths.news, title: '保险资讯', load: () => import('./NewsPage') },
  { path: contentPaths.newsCategory, title: '资讯分类', load: () => import('./NewsCategoryPage') },
  { path: contentPaths.newsArticle, title: '文章详情', load: () => import('./ArticlePage') },
  { path: contentPaths.look, title: '看一看', load: () => import('./LookPage') },
  { path: contentPaths.lookArticle, title: '文章详情', load: () => import('./ArticlePage') },
  { path: contentPaths.lookVideos, title: '短视频', load: () => import('./VideoFeedPage') },
  { path: contentPaths.lookVideo, title: '视频详情', load: () => import('./VideoPage') },
  { path: contentPaths.insurance, title: '保险知识', load: () => import('./InsurancePage') },
  { path: contentPaths.insuranceDetails, title: '知识专题', load: () => import('./InsuranceTopicPage') },
]
