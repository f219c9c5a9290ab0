/**
 * Splits a SQL script into statements on top-level semicolons, respecting quotes, comments and
 * dollar-quoted bodies. PGlite's query() runs one statement at a time, so migrations run statement by
 * statement inside one transaction on both databases.
 */
export function splitSql(script: string): string[] {
  const statements: string[] = []
  let current = ''
  let i = 0
  while (i < script.length) {
    const ch = script[i]
    const next = script[i + 1]
    if (ch === '-' && next === '-') {
      const end = script.indexOf('\n', i)
      const stop = end < 0 ? script.length : end
      current += script.slice(i, stop)
      i = stop
    } else if (ch === '/' && next === '*') {
      const end = script.indexOf('*/', i + 2)
      const stop = end < 0 ? script.length : end + 2
      current += script.slice(i, stop)
      i = stop
    } else if (ch === "'" || ch === '"') {
      let j = i + 1
      while (j < script.length) {
        if (script[j] === ch && script[j + 1] === ch) j += 2
        else if (script[j] === ch) break
        else j++
      }
      current += script.slice(i, j + 1)
      i = j + 1
    } else if (ch === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i))
      if (tag) {
        const end = script.indexOf(tag[0], i + tag[0].length)
        const stop = end < 0 ? script.length : end + tag[0].length
        current += script.slice(i, stop)
        i = stop
      } else {
        current += ch
        i++
      }
    } else if (ch === ';') {
      statements.push(current)
      current = ''
      i++
    } else {
      current += ch
      i++
    }
  }
  statements.push(current)
  return statements
    .filter((s) => s.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim() !== '')
    .map((s) => s.trim())
}
