// `./x.md?tree`: the markdown file compiled at build time (scripts/markdownTreePlugin.ts).
declare module '*.md?tree' {
  const tree: import('../page-config/markdownTree').MarkdownNode[]
  export default tree
}
