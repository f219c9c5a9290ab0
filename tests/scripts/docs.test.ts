import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

// The repository explains itself: the README stays a front door, and every document's links lead to a file (and
// heading) inside the repository, never to a folder beside it or a path of one machine.
const root = resolve(import.meta.dirname, '../..')

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return markdownFiles(path)
    return name.endsWith('.md') ? [path] : []
  })
}
const documents = [
  join(root, 'README.md'),
  ...['CONTRIBUTING.md'].map((name) => join(root, name)).filter((path) => existsSync(path)),
  ...markdownFiles(join(root, 'docs')),
]

/** The text a reader sees as prose: fenced code blocks and inline code spans removed (their brackets are data). */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '')
}

/** Targets of inline links and images: `[text](target "title")`. */
function linkTargets(text: string): string[] {
  return [...prose(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1])
}

/** GitHub's heading anchors: lower case, punctuation dropped (CJK kept), spaces to hyphens, repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const n = seen.get(slug) ?? 0
    seen.set(slug, n + 1)
    result.add(n === 0 ? slug : `${slug}-${n}`)
  }
  return result
}

const name = (path: string) => relative(root, path).split(sep).join('/')

describe('documents', () => {
  it('keeps the README a front door of at most 120 lines', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n')
    expect(lines.length).toBeLessThanOrEqual(120)
  })

  it('has no table padded wider than a screen', () => {
    const wide = documents.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${name(file)}:${i + 1}` }))
        .filter(({ line }) => line.startsWith('|') && line.length > 400)
        .map(({ at }) => at),
    )
    expect(wide).toEqual([])
  })

  it('links only to files and headings inside the repository', () => {
    const problems: string[] = []
    for (const file of documents) {
      const text = readFileSync(file, 'utf8')
      for (const target of linkTargets(text)) {
        const at = `${name(file)} -> ${target}`
        if (/^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(target)) continue
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) {
          problems.push(`${at}: points outside the repository`)
          continue
        }
        const [pathPart, fragment] = target.split('#') as [string, string | undefined]
        const path = pathPart ? resolve(dirname(file), decodeURIComponent(pathPart)) : file
        if (path !== root && !path.startsWith(root + sep)) {
          problems.push(`${at}: leaves the repository`)
        } else if (!existsSync(path)) {
          problems.push(`${at}: no such file`)
        } else if (fragment && path.endsWith('.md')) {
          if (!anchors(readFileSync(path, 'utf8')).has(decodeURIComponent(fragment)))
            problems.push(`${at}: no such heading`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('names only source files and folders that exist', () => {
    // `src/…`, `server/…` and the like in code spans; templates (`src/features/<area>/`, `*.ts`) are not paths.
    // page-configs/ and public/ are left out: documents name example pages there.
    const missing = documents
      .filter((file) => name(file) !== 'docs/blocks.md')
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/`([^`\n]+)`/g)]
          .flatMap((m) => m[1].split(/[\s,()]+/))
          .map((token) => token.replace(/[.:;]+$/, '').split('#')[0])
          .filter((path) => /^(src|server|scripts|tests|schemas|docs|\.ci)\//.test(path))
          .filter((path) => !/[<>{}*…[\]|]/.test(path) && !existsSync(join(root, path)))
          .map((path) => `${name(file)}: ${path}`),
      )
    expect(missing).toEqual([])
  })

  it('names no folder beside the repository and no path of one machine', () => {
    const problems = documents.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${name(file)}:${i + 1}` }))
        .filter(({ line }) => /\.\.\/shared\/|(^|[\s`(])\/work\//.test(line))
        .map(({ at }) => at),
    )
    expect(problems).toEqual([])
  })

  it('reaches every document from the README', () => {
    const reached = new Set<string>()
    const visit = (file: string) => {
      if (reached.has(file) || !file.endsWith('.md') || !existsSync(file)) return
      reached.add(file)
      for (const target of linkTargets(readFileSync(file, 'utf8'))) {
        const path = target.split('#')[0]
        if (path && !/^[a-z][a-z0-9+.-]*:/i.test(path))
          visit(resolve(dirname(file), decodeURIComponent(path)))
      }
    }
    visit(join(root, 'README.md'))
    expect(documents.filter((file) => !reached.has(file)).map(name)).toEqual([])
  })
})
