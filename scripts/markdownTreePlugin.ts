// Vite plugin: `import doc from './x.md?tree'` is the markdown file compiled at build time into the element
// tree that config pages use (src/components/MarkdownTree), so a screen showing a document ships no parser.
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'
import { compileMarkdown } from '../src/page-config/markdown'

const TREE_QUERY = /\.md\?tree$/

export function markdownTreePlugin(): Plugin {
  return {
    name: 'guoheng:markdown-tree',
    enforce: 'pre',
    load(id) {
      if (!TREE_QUERY.test(id)) return null
      const file = id.replace(/\?tree$/, '')
      this.addWatchFile(file)
      return `export default ${JSON.stringify(compileMarkdown(readFileSync(file, 'utf8')))}`
    },
  }
}
