// npm run bench:validate: 1,000 generated configs of 20 blocks each through the full validation
// (parse, migrations, schema, reference checks, route collisions). Prints the steady-state time.
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createValidator, type ConfigSource } from '../src/page-config/validate'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const CONFIGS = 1000
const RUNS = 10

function blocksFor(i: number) {
  const blocks: Record<string, unknown>[] = [
    { type: 'hero', id: 'top', image: '/springFestival/hero.svg', alt: '活动头图', title: `活动 ${i}` },
    { type: 'countdown', to: 'schedule.endAt', label: '距结束还有', showIn: ['live'] },
    { type: 'notice-bar', text: '客服 9:00-18:00 在线', kind: 'info' },
    { type: 'product-list', id: 'products', from: 'products', layout: 'card', limit: 6 },
    { type: 'button', text: '立即投保', action: { type: 'navigate', to: '/product?id=p-1' } },
  ]
  for (let b = blocks.length; b < 20; b++) {
    blocks.push(
      b % 3 === 0
        ? {
            type: 'markdown',
            id: `m${b}`,
            source: `## 规则 ${b}\n1. 你好 {{user.userInfo.nickname}}\n2. 共 {{data.products.items.length}} 款`,
          }
        : b % 3 === 1
          ? {
              type: 'button',
              text: '回到顶部',
              action: { type: 'scroll-to', target: 'top' },
              visibleWhen: { loggedIn: true },
            }
          : {
              type: 'faq',
              items: [
                { q: '多久生效？', a: '次日零时生效' },
                { q: '如何理赔？', a: '拨打 95500' },
              ],
            },
    )
  }
  return blocks
}

const sources: ConfigSource[] = Array.from({ length: CONFIGS }, (_, i) => ({
  file: `page-configs/bench/p${i}.json`,
  text: JSON.stringify(
    {
      schemaVersion: 3,
      title: `压测页面 ${i}`,
      share: { title: '分享', image: '/springFestival/share.svg' },
      schedule: {
        startAt: '2027-01-01T00:00:00+08:00',
        endAt: '2027-02-01T00:00:00+08:00',
        offlineAt: '2027-03-01T00:00:00+08:00',
        fallback: '/',
      },
      dataSources: { products: { get: '/api/products', query: { tag: '春节' } } },
      blocks: blocksFor(i),
    },
    null,
    2,
  ),
}))

const validator = await createValidator({ root })
const times: number[] = []
for (let run = 0; run < RUNS; run++) {
  const start = performance.now()
  const errors = validator.validate(sources)
  times.push(performance.now() - start)
  if (errors.length) throw new Error(`bench configs should be valid: ${errors[0].message}`)
}
const steady = times.slice(2).sort((a, b) => a - b)
const median = steady[Math.floor(steady.length / 2)]
console.log(`bench:validate: ${CONFIGS} configs × 20 blocks, ${RUNS} runs`)
console.log(`  first run ${times[0].toFixed(1)} ms (includes JIT warm-up)`)
console.log(`  steady median ${median.toFixed(1)} ms, best ${steady[0].toFixed(1)} ms (target ≤ 150 ms)`)
