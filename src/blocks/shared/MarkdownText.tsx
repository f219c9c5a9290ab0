import { lazy, Suspense } from 'react'
import { useBlockRuntime } from '../runtime'
import { MarkdownTree } from '../../components/MarkdownTree'

// Configs that arrive without compiled trees (e.g. from the server) parse their markdown in the browser:
// the parser is a chunk of its own, loaded only then.
const RuntimeMarkdown = lazy(() => import('../../components/Markdown').then((m) => ({ default: m.Markdown })))

/** Markdown text of a block, from the tree the build compiled when there is one. */
export function MarkdownText({ source, className }: { source: string; className?: string }) {
  const { text, markdown } = useBlockRuntime()
  const tree = markdown(source)
  const classes = ['markdown', className].filter(Boolean).join(' ')
  if (tree) {
    return (
      <div className={classes}>
        <MarkdownTree nodes={tree} text={text} />
      </div>
    )
  }
  return (
    <Suspense fallback={<div className={classes} aria-busy />}>
      <RuntimeMarkdown className={className} source={text(source)} />
    </Suspense>
  )
}
