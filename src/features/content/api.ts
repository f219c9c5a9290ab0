import useSWR from 'swr'
import useSWRInfinite from 'swr/infinite'
import type {
  ArticleDetail,
  ArticlePage,
  CategoryList,
  ContentCategory,
  ContentKind,
} from '../../types/generated/api/content'

// Articles and short videos (schemas/api/content.schema.json): public, the same for everyone.

export type {
  ArticleDetail,
  ArticleSummary,
  Category,
  ContentCategory,
  ContentKind,
} from '../../types/generated/api/content'

export const CONTENT_CATEGORIES: readonly ContentCategory[] = [
  'RECOMMEND',
  'KNOWLEDGE',
  'RULES',
  'CLAIM',
  'PLANNING',
]
export const isContentCategory = (value: unknown): value is ContentCategory =>
  typeof value === 'string' && (CONTENT_CATEGORIES as readonly string[]).includes(value)

export const contentCategoriesKey = '/api/content/categories'
export const articlesKey = (filter: { category?: ContentCategory; kind?: ContentKind }, cursor?: string) =>
  [
    '/api/content/articles',
    {
      ...(filter.category ? { category: filter.category } : {}),
      ...(filter.kind ? { kind: filter.kind } : {}),
      ...(cursor ? { cursor } : {}),
    },
  ] as const
export const articleKey = (id: string) => `/api/content/articles/${encodeURIComponent(id)}`

export function useContentCategories() {
  return useSWR<CategoryList>(contentCategoriesKey)
}

export function useArticle(id: string | undefined) {
  return useSWR<ArticleDetail>(id ? articleKey(id) : null)
}

/** Articles and videos newest first, page by page (each page's nextCursor asks for the next). */
export function useArticlePages(filter: { category?: ContentCategory; kind?: ContentKind }) {
  const swr = useSWRInfinite<ArticlePage>(
    (index, previous: ArticlePage | null) => {
      if (index === 0) return articlesKey(filter)
      if (!previous?.nextCursor) return null
      return articlesKey(filter, previous.nextCursor)
    },
    { revalidateFirstPage: false },
  )
  const pages = swr.data ?? []
  const items = pages.flatMap((page) => page.items)
  const hasMore = pages.length > 0 && pages[pages.length - 1].nextCursor !== null
  return { ...swr, items, hasMore }
}
