import { withQuery } from '../../lib/href'

// Content: news by category, the mixed feed with short videos, and the 保险知识 topics. Paths as the
// specification names the screens.

export const contentPaths = {
  news: '/news',
  newsCategory: '/newsCategory',
  newsArticle: '/news/articleDetail/:id',
  look: '/look',
  lookArticle: '/look/article/:id',
  lookVideos: '/look/video',
  lookVideo: '/look/video/:id',
  insurance: '/insurance',
  insuranceDetails: '/insurance/details',
} as const

export const newsHref = () => contentPaths.news
export const newsCategoryHref = () => contentPaths.newsCategory
export const newsArticleHref = (id: string) => `/news/articleDetail/${encodeURIComponent(id)}`
export const lookHref = () => contentPaths.look
export const lookArticleHref = (id: string) => `/look/article/${encodeURIComponent(id)}`
export const lookVideosHref = () => contentPaths.lookVideos
export const lookVideoHref = (id: string) => `/look/video/${encodeURIComponent(id)}`
export const insuranceHref = () => contentPaths.insurance
/** One 保险知识 topic (a content category). */
export const insuranceTopicHref = (id: string) => withQuery(contentPaths.insuranceDetails, { id })
