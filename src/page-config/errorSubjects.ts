// Which thing of a page an error is about, in words: 第 3 个区块（标题「双十二狂欢」）, 活动「双十二抽奖」的奖品 2
// （谢谢参与）, 活动时间. Every validator message starts with it, so a person knows where to look without a pointer.
import { isObject, type JsonObject } from './json'
import { splitPointer } from './schemaAt'

/** The words a thing is known by: its title, name or text, cut short. */
function caption(node: JsonObject): string | undefined {
  for (const key of ['title', 'name', 'text', 'label', 'question', 'q', 'alt']) {
    const value = node[key]
    if (typeof value === 'string' && value.trim()) {
      const text = value.trim().replace(/\s+/g, ' ')
      return text.length > 12 ? `${text.slice(0, 12)}…` : text
    }
  }
  return undefined
}

const quoted = (text: string | undefined) => (text ? `「${text}」` : '')

/**
 * The subject of `pointer` in `config`, or '' for the page itself. `blockName` gives a block type's Chinese
 * name; `arrayName` the Chinese name of a list field (奖品, 条目) by its key, '' when it has none.
 */
export function subjectOf(
  config: unknown,
  pointer: string,
  blockName: (type: string) => string,
  arrayName: (key: string) => string,
): string {
  const parts = splitPointer(pointer)
  const words: string[] = []
  let node: unknown = config
  for (let i = 0; i < parts.length; i++) {
    const key = parts[i]
    const next = isObject(node) ? node[key] : undefined
    if (i === 0) {
      if (key === 'schedule') words.push('活动时间')
      else if (key === 'share') words.push('分享信息')
      else if (key === 'theme') words.push('页面主题')
    }
    if (key === 'blocks' && Array.isArray(next) && /^\d+$/.test(parts[i + 1] ?? '')) {
      const index = Number(parts[i + 1])
      const block = next[index]
      const type = isObject(block) && typeof block.type === 'string' ? block.type : undefined
      const name = (type && blockName(type)) || '未知类型的区块'
      const inner = isObject(block) ? quoted(caption(block)) : ''
      words.push(`第 ${index + 1} 个区块（${name}${inner}）`)
      node = block
      i++
      continue
    }
    if (i === 0 && (key === 'campaigns' || key === 'dataSources') && isObject(next) && parts[i + 1]) {
      const id = parts[i + 1]
      const item = next[id]
      if (key === 'campaigns') {
        const title = isObject(item) && typeof item.title === 'string' && item.title.trim() ? item.title : id
        words.push(`活动「${title}」`)
      } else words.push(`数据源「${id}」`)
      node = item
      i++
      continue
    }
    if (Array.isArray(next) && /^\d+$/.test(parts[i + 1] ?? '')) {
      // An item of a list (a prize, a FAQ entry, a tab), with its own words.
      const index = Number(parts[i + 1])
      const item = next[index]
      const inner = isObject(item) ? caption(item) : undefined
      const list = arrayName(key)
      words.push(`${list ? `${list} ${index + 1}` : `第 ${index + 1} 项`}${inner ? `（${inner}）` : ''}`)
      node = item
      i++
      continue
    }
    node = next
  }
  return words.join(' › ')
}
