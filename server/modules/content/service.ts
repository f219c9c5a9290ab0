import { sql, type Kysely, type Selectable } from 'kysely'
import type { DB } from '../../db/schema'
import type {
  ArticleDetail,
  ArticlePage,
  ArticleQuery,
  ArticleSummary,
  CategoryList,
  ContentCategory,
} from '../../../src/types/generated/api/content'
import { notFound } from '../../platform/errors'
import { decodeSeqCursor, encodeSeqCursor } from '../../platform/seqCursor'
import type { CatalogService } from '../catalog/service'
import type { ContentArticlesTable } from './tables'
import { markdownTrees } from '../../platform/markdown'

// Articles and short videos: lists newest first by seq, cursor-paged; 推荐 (RECOMMEND) is the editors' pick
// across categories; an article's markdown is compiled to the safe element tree when read.

const DEFAULT_LIMIT = 10

/** The categories in display order; `topic`: listed as a 保险知识 topic on /insurance. */
export const CATEGORIES: readonly {
  code: ContentCategory
  name: string
  description: string
  topic: boolean
}[] = [
  { code: 'RECOMMEND', name: '推荐', description: '编辑精选的保险知识与理赔经验', topic: false },
  {
    code: 'KNOWLEDGE',
    name: '险种知识',
    description: '医疗险、重疾险、意外险、寿险、年金险，一次看懂',
    topic: true,
  },
  { code: 'RULES', name: '投保须知', description: '犹豫期、等待期、如实告知，投保前必读', topic: true },
  { code: 'CLAIM', name: '理赔指南', description: '理赔流程与材料清单，出险不慌', topic: true },
  { code: 'PLANNING', name: '家庭规划', description: '给自己、孩子和父母配置保障的思路', topic: true },
]

const categoryName = (code: ContentCategory) => CATEGORIES.find((c) => c.code === code)?.name ?? code

type Row = Selectable<ContentArticlesTable>

function toSummary(row: Omit<Row, 'body' | 'related_product_ids' | 'recommended'>): ArticleSummary {
  return {
    id: row.id,
    kind: row.kind,
    category: row.category,
    categoryName: categoryName(row.category),
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    author: row.author,
    publishedAt: row.published_at.toISOString(),
    video: row.video,
    durationSeconds: row.duration_seconds,
  }
}

const SUMMARY_COLUMNS = [
  'id',
  'seq',
  'kind',
  'category',
  'title',
  'summary',
  'cover',
  'author',
  'published_at',
  'video',
  'duration_seconds',
] as const

export class ContentService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly catalog: () => CatalogService,
  ) {}

  async categories(): Promise<CategoryList> {
    const counts = await this.db
      .selectFrom('content_articles')
      .select([
        'category',
        sql<number>`count(*)::int`.as('total'),
        sql<number>`count(*) FILTER (WHERE recommended)::int`.as('picked'),
      ])
      .groupBy('category')
      .execute()
    const count = (code: ContentCategory) =>
      code === 'RECOMMEND'
        ? counts.reduce((sum, c) => sum + c.picked, 0)
        : (counts.find((c) => c.category === code)?.total ?? 0)
    return { items: CATEGORIES.map((c) => ({ ...c, count: count(c.code) })) }
  }

  async list(query: ArticleQuery): Promise<ArticlePage> {
    const limit = query.limit ?? DEFAULT_LIMIT
    let select = this.db.selectFrom('content_articles').select(SUMMARY_COLUMNS)
    if (query.category === 'RECOMMEND') select = select.where('recommended', '=', true)
    else if (query.category) select = select.where('category', '=', query.category)
    if (query.kind) select = select.where('kind', '=', query.kind)
    if (query.cursor) select = select.where('seq', '<', sql<string>`${decodeSeqCursor(query.cursor)}::bigint`)
    const rows = await select
      .orderBy('seq', 'desc')
      .limit(limit + 1)
      .execute()
    const page = rows.slice(0, limit)
    const last = page[page.length - 1]
    return {
      items: page.map(toSummary),
      nextCursor: rows.length > limit && last ? encodeSeqCursor(String(last.seq)) : null,
    }
  }

  async article(id: string): Promise<ArticleDetail> {
    const row = await this.db
      .selectFrom('content_articles')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) throw notFound('文章')
    const [compile, related] = await Promise.all([
      markdownTrees(),
      this.catalog().summariesOf(row.related_product_ids),
    ])
    return { ...toSummary(row), body: compile(row.body), related }
  }
}
