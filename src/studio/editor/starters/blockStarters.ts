// The content a new block starts with in the studio: neutral, valid, and saying what to fill in. The block
// schemas' `examples` are documentation (a real campaign's hero, poster, dates); a block a person adds to a page
// starts from here instead, so a new page never carries another campaign's title, picture, link or dates.

import type { Json } from '../configOps'

/** Neutral pictures shipped in public/images/placeholder/ (a framed 「请上传图片」). */
export const PLACEHOLDER_IMAGES = {
  banner: '/images/placeholder/banner.svg',
  poster: '/images/placeholder/poster.svg',
  square: '/images/placeholder/square.svg',
} as const

/** This month in Beijing, YYYY-MM. */
const monthOf = (nowMs: number) => new Date(nowMs + 8 * 3600_000).toISOString().slice(0, 7)

/** A questionnaire's result bands (shown on its own page, or by a result block). */
const BANDS = [
  { min: 0, max: 5, title: '结论一' },
  { min: 6, max: 10, title: '结论二' },
]

const STARTERS: Readonly<Record<string, (nowMs: number) => Json>> = {
  'app-download': () => ({
    appName: '国恒保险',
    slogan: '一句话介绍 App',
    features: [{ title: '功能亮点', desc: '一句话说明' }],
    ios: { href: 'https://apps.apple.com/cn/app/id6450000001' },
    android: { href: 'https://sj.qq.com/appdetail/com.guoheng.mall' },
  }),
  button: () => ({ text: '按钮文字', action: { type: 'navigate', to: '/' } }),
  calculator: () => ({
    mode: 'forward',
    productName: '产品名称',
    age: { min: 0, max: 60, default: 30 },
    premium: { minFen: 100000, maxFen: 10000000, stepFen: 100000, defaultFen: 1000000 },
    paymentYears: { options: [3, 5, 10], default: 5 },
    toAge: 80,
    rates: { guaranteed: 0.0175, illustrated: [{ label: '中档', rate: 0.03 }] },
  }),
  carousel: () => ({
    items: [
      { image: PLACEHOLDER_IMAGES.banner, alt: '第 1 张图的说明' },
      { image: PLACEHOLDER_IMAGES.banner, alt: '第 2 张图的说明' },
    ],
  }),
  countdown: () => ({ to: 'schedule.endAt', label: '距活动结束还有', endedText: '活动已结束' }),
  coupon: () => ({ label: '优惠券' }),
  divider: () => ({}),
  faq: () => ({ title: '常见问题', items: [{ q: '问题', a: '回答' }] }),
  'fixed-button': () => ({ text: '按钮文字', action: { type: 'navigate', to: '/' } }),
  form: () => ({ title: '填写信息' }),
  guess: () => ({}),
  hero: () => ({
    image: PLACEHOLDER_IMAGES.banner,
    alt: '活动主图',
    title: '活动主标题',
    subtitle: '一句话副标题',
  }),
  'image-grid': () => ({
    columns: 3,
    items: [1, 2, 3].map((n) => ({ image: PLACEHOLDER_IMAGES.square, alt: `入口 ${n}`, text: `入口 ${n}` })),
  }),
  image: () => ({ src: PLACEHOLDER_IMAGES.banner, alt: '图片说明' }),
  leaderboard: () => ({ title: '排行榜' }),
  lottery: () => ({}),
  markdown: () => ({ source: '## 小标题\n在此填写正文。' }),
  'notice-bar': () => ({ text: '公告内容' }),
  poster: () => ({ background: PLACEHOLDER_IMAGES.poster, headline: '海报标题' }),
  'product-list': () => ({ from: 'products', title: '保障推荐', layout: 'card', limit: 4 }),
  'questionnaire-result': () => ({ bands: BANDS }),
  questionnaire: () => ({
    title: '问卷标题',
    questions: [
      {
        id: 'q1',
        text: '第 1 题',
        kind: 'single',
        options: [
          { label: '选项一', score: 10 },
          { label: '选项二', score: 5 },
        ],
      },
    ],
    bands: BANDS,
  }),
  'rate-history': (nowMs) => ({
    title: '结算利率',
    current: { label: '本月结算利率', rate: 0.03 },
    history: [{ period: monthOf(nowMs), rate: 0.03 }],
  }),
  share: () => ({ title: '分享标题', desc: '分享描述', image: PLACEHOLDER_IMAGES.square }),
  spacer: () => ({ height: 16 }),
  steps: () => ({ items: [{ title: '第一步' }, { title: '第二步' }, { title: '第三步' }] }),
  table: () => ({
    columns: [
      { key: 'item', title: '项目' },
      { key: 'value', title: '内容', align: 'right' },
    ],
    rows: [{ item: '项目名称', value: '内容' }],
  }),
  tabs: () => ({
    tabs: [1, 2].map((n) => ({
      title: `标签 ${n}`,
      blocks: [{ type: 'markdown', source: `标签 ${n} 的内容` }],
    })),
  }),
  title: () => ({ text: '标题文字', level: 2 }),
  video: () => ({
    src: 'https://media.guoheng-demo.com/claim-guide.mp4',
    poster: PLACEHOLDER_IMAGES.banner,
    title: '视频标题',
  }),
}

/** The starter content of a block type (without its campaign: see insertStarter.ts), or just the type. */
export function blockStarter(type: string, nowMs = Date.now()): Json {
  const make = STARTERS[type]
  return { type, ...make?.(nowMs) }
}

/** Block types that have a starter (a test checks every catalogue type has one). */
export const STARTER_TYPES: readonly string[] = Object.keys(STARTERS)
