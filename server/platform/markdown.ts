import type { MarkdownTree } from '../../src/types/generated/api/catalog'

// Content markdown (descriptions, clauses, 投保须知, FAQs, articles) goes out as the element tree config pages
// use, so no screen ships a markdown parser. Compiled once per text (content rarely changes); the compiler loads
// with the first content asked for, not with every server start.

export type MarkdownCompiler = (source: string) => MarkdownTree

let compiler: Promise<MarkdownCompiler> | undefined

/** The cached compiler: the same text gives the same tree without compiling again. */
export function markdownTrees(): Promise<MarkdownCompiler> {
  compiler ??= import('../../src/page-config/markdown').then(({ compileMarkdown }) => {
    const trees = new Map<string, MarkdownTree>()
    return (source) => {
      let tree = trees.get(source)
      if (!tree) {
        if (trees.size >= 2000) trees.clear()
        tree = compileMarkdown(source)
        trees.set(source, tree)
      }
      return tree
    }
  })
  return compiler
}
