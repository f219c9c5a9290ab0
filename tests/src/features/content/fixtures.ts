import type { ArticleSummary, CategoryList } from '../../../../src/types/generated/api/content'

// Canned content answers shaped like the server's (schemas/api/content.schema.json).

export const CATEGORIES: CategoryList = {
  items: [
    { code: 'RECOMMEND', name: '推荐', description: '编辑精选', count: 2, topic: false },
    { code: 'KNOWLEDGE', name: '险种知识', description: '险种一次看懂', count: 1, topic: true },
    { code: 'RULES', name: '投保须知', description: '犹豫期、等待期、如实告知', count: 1, topic: true },
    { code: 'CLAIM', name: '理赔指南', description: '理赔流程与材料', count: 0, topic: true },
    { code: 'PLANNING', name: '家庭规划', description: '全家的保障思路', count: 0, topic: true },
  ],
}

export const summary = (
  over: Partial<ArticleSummary> & Pick<ArticleSummary, 'id' | 'title'>,
): ArticleSummary => ({
  kind: 'article',
  category: 'KNOWLEDGE',
  categoryName: '险种知识',
  summary: '摘要',
  cover: '/images/content/medical.svg',
  author: '国恒保险小课堂',
  publishedAt: '2026-11-24T02:00:00.000Z',
  video: null,
  durationSeconds: null,
  ...over,
})

export const MEDICAL = summary({ id: 'a-medical-basics', title: '百万医疗险是什么？' })
export const COOLING_OFF = summary({
  id: 'a-cooling-off',
  title: '一文读懂犹豫期',
  category: 'RULES',
  categoryName: '投保须知',
})
export const VIDEO = summary({
  id: 'v-claim',
  title: '理赔四步走',
  kind: 'video',
  category: 'CLAIM',
  categoryName: '理赔指南',
  cover: '/images/content/v-claim.png',
  video: '/videos/content/v-claim.webm',
  durationSeconds: 6,
})
