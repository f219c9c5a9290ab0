// A page's size budget, checked wherever a config is validated (the build, the CLI, the studio, a publish): a page
// of thousands of blocks is slow to open on a phone and costs the server its time for every render, so it is
// refused before it can be published and split into pages instead.
import type { Finding } from './checks'
import { walkBlocks } from './walkBlocks'

/** Blocks on a page, those inside tabs included (bench:studio edits a page of 200). */
export const MAX_PAGE_BLOCKS = 300
/** The config's size in UTF-8 bytes. */
export const MAX_CONFIG_BYTES = 512 * 1024

export function pageSizeFindings(blocks: unknown, text: string): Finding[] {
  const findings: Finding[] = []
  let count = 0
  walkBlocks(blocks, () => void count++)
  if (count > MAX_PAGE_BLOCKS)
    findings.push({
      pointer: '/blocks',
      message: `页面共有 ${count} 个区块（含标签页里的），超过上限 ${MAX_PAGE_BLOCKS} 个：区块太多，手机打开会很慢，请拆成几个页面`,
    })
  const bytes = new TextEncoder().encode(text).length
  if (bytes > MAX_CONFIG_BYTES)
    findings.push({
      pointer: '',
      message: `页面配置有 ${Math.ceil(bytes / 1024)} KB，超过上限 ${MAX_CONFIG_BYTES / 1024} KB：请精简文字或拆成几个页面`,
    })
  return findings
}
