import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPageConfigValidator,
  type PageConfigValidator,
} from '../../server/modules/pages/validateConfig'

// The server checks a config with the CLI's code: a bad config gets the very lines `npm run validate:configs`
// prints for the same file, a good one passes.
const root = resolve(import.meta.dirname, '../..')
const dir = mkdtempSync(join(root, 'page-configs', '.test-server-'))
let server: PageConfigValidator

beforeAll(async () => {
  server = await createPageConfigValidator()
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const page = (blocks: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ schemaVersion: 3, title: '服务器校验', ...extra, blocks }, null, 2)

function cli(file: string): { status: number; lines: string[] } {
  try {
    execFileSync('node', ['--import', 'tsx', 'scripts/validate-configs.ts', file], {
      cwd: root,
      stdio: 'pipe',
    })
    return { status: 0, lines: [] }
  } catch (error) {
    const e = error as { status: number; stderr: Buffer }
    const lines = e.stderr
      .toString()
      .split('\n')
      .filter((l) => l.startsWith(file))
    return { status: e.status, lines }
  }
}

describe('server validation of a page config', () => {
  it('gives a bad config the same file:line:col  /pointer  message lines as the CLI', () => {
    const text = page([
      { type: 'title', text: '活动' },
      { type: 'markdown', source: '规则' },
      { type: 'spacer', height: 12 },
      { type: 'countdown', to: 'schedule.endAt', label: '距结束' },
      { type: 'button', text: '去', action: { type: 'navigate', to: '/nowhere' } },
      { type: 'hero', image: '/springFestival/hero.svg', alt: 'x', titel: '错字' },
    ])
    const file = `${dir.slice(root.length + 1)}/bad.json`
    writeFileSync(join(root, file), text)

    const result = server.validate(text, file)
    expect(result.ok).toBe(false)
    expect(result.lines).toEqual([
      `${file}:19:13  /blocks/3/to  第 4 个区块（倒计时「距结束」）：倒计时到页面活动时间的某一刻，但页面没有设置活动时间`,
      `${file}:27:15  /blocks/4/action/to  第 5 个区块（按钮「去」）：跳转目标 "/nowhere" 不存在于路由表`,
      expect.stringContaining(
        `${file}:34:7  /blocks/5/titel  第 6 个区块（头图「x」）：不认识的设置项「titel」`,
      ),
    ])

    const fromCli = cli(file)
    expect(fromCli.status).toBe(1)
    expect(result.lines).toEqual(fromCli.lines)
  })

  it('refuses a config over 512 KB, saying its size, at the top of the file', () => {
    const rules = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        type: 'markdown',
        source: `第 ${i + 1} 条：${'保障'.repeat(950)}`,
      }))
    const result = server.validate(page(rules(100)), 'page-configs/activity/big.json')
    expect(result.lines).toEqual([
      'page-configs/activity/big.json:1:1  /  页面配置有 564 KB，超过上限 512 KB：请精简文字或拆成几个页面',
    ])
    expect(server.validate(page(rules(60)), 'page-configs/activity/big.json').lines).toEqual([])
  })

  it('passes a good config, migrating an old one (v1 richtext inside tabs)', () => {
    const tabs = [
      { title: '规则', blocks: [{ type: 'richtext', content: '## 活动规则' }] },
      { title: '说明', blocks: [{ type: 'markdown', source: '说明' }] },
    ]
    const text = JSON.stringify({ schemaVersion: 1, title: '旧页面', blocks: [{ type: 'tabs', tabs }] })
    expect(server.validate(text, 'page-configs/activity/published-1.json')).toEqual({
      ok: true,
      errors: [],
      lines: [],
    })
  })
})
