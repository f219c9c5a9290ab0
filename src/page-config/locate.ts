import { parse as parseWithPointers, type PointerInfo } from 'json-source-map'

/** 1-based line and column of a character offset. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: offset - lineStart + 1 }
}

/**
 * Maps JSON pointers of a (syntactically valid) file to line/column. The source map is built only when an
 * error needs it, so valid files pay nothing for it. A pointer that is not in the file (a missing field,
 * or a field renamed by a migration) falls back to its nearest existing parent.
 */
export class PointerLocator {
  private pointers: Record<string, PointerInfo> | null = null
  constructor(private readonly text: string) {}

  locate(pointer: string, preferKey = false): { line: number; column: number } {
    this.pointers ??= parseWithPointers(this.text).pointers
    let current = pointer
    for (;;) {
      const info = this.pointers[current]
      if (info) {
        const pos = preferKey && info.key ? info.key : info.value
        return { line: pos.line + 1, column: pos.column + 1 }
      }
      if (current === '') return { line: 1, column: 1 }
      current = current.slice(0, current.lastIndexOf('/'))
    }
  }
}

/** Position of a JSON.parse failure, from V8's "... at position N" message. */
export function syntaxErrorPosition(text: string, error: unknown): { line: number; column: number } {
  const message = error instanceof Error ? error.message : String(error)
  const lc = /line (\d+) column (\d+)/.exec(message)
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) }
  const pos = /position (\d+)/.exec(message)
  return lineColumnAt(text, pos ? Number(pos[1]) : text.length)
}
