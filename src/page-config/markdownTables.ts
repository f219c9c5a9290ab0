// Markdown tables that do not render as a person meant them: a separator row whose columns differ from the
// header's (the whole table then shows as lines of text with pipes), a separator without a header, rows of
// pipes without a separator row, and cells beyond the header's columns (dropped by the renderer).

const SEPARATOR = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/
const PIPE_ROW = /^\s*\|.*\|\s*$/

/** The cells of a table row ("| a | b |" -> ["a", "b"]); escaped pipes stay in their cell. */
function cells(line: string): string[] {
  let text = line.trim()
  if (text.startsWith('|')) text = text.slice(1)
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1)
  return text.split(/(?<!\\)\|/)
}

const isTableish = (line: string) => line.includes('|') && line.trim() !== ''

/** What is wrong with the tables of a Markdown text, one Chinese sentence each (empty when nothing is). */
export function markdownTableProblems(source: string): string[] {
  const problems: string[] = []
  const lines = source.split(/\r?\n/)
  let inFence = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence
    if (inFence) continue
    const previous = i > 0 ? lines[i - 1] : ''
    if (SEPARATOR.test(line) && line.includes('-') && line.includes('|')) {
      if (!isTableish(previous)) {
        problems.push(`第 ${i + 1} 行是表格的分隔行，但上面没有表头`)
        continue
      }
      const header = cells(previous).length
      const columns = cells(line).length
      if (header !== columns) {
        problems.push(`表格（第 ${i} 行）表头有 ${header} 列，分隔行却有 ${columns} 列：表格显示不出来`)
        continue
      }
      // The rows of this table: cells past the header's columns are dropped.
      for (let j = i + 1; j < lines.length && isTableish(lines[j]); j++) {
        const count = cells(lines[j]).length
        if (count > header)
          problems.push(`表格第 ${j + 1} 行有 ${count} 格，多于表头的 ${header} 列：多出的内容不会显示`)
      }
      continue
    }
    // Two rows of pipes at the start of a table, with no separator row after the first.
    const next = lines[i + 1] ?? ''
    const startsTable = PIPE_ROW.test(line) && !PIPE_ROW.test(previous)
    if (startsTable && PIPE_ROW.test(next) && !SEPARATOR.test(next))
      problems.push(`表格（第 ${i + 1} 行）缺少表头下的分隔行（如 | --- | --- |）：表格显示不出来`)
  }
  return problems
}
