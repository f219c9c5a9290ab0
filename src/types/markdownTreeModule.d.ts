// `./x.md?tree`: the markdown file compiled at build time (scripts/markdownTreePlugin.ts).
declare module '*.md?tree' {
  const tree: import('../blocks/shared/markdownTree').MarkdownNode[]
  export default tree
}
