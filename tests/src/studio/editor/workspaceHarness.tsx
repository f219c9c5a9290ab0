import { useState } from 'react'
import { EditorWorkspace } from '../../../../src/studio/editor/EditorWorkspace'
import type { PageConfig, StudioConfigError } from '../../../../src/studio/editor/types'

/** The editor workspace as the page screen holds it: controlled, every change kept and reported. */
export function WorkspaceHarness({
  initial,
  errors = [],
  onChange,
}: {
  initial: PageConfig
  errors?: StudioConfigError[]
  onChange?: (c: PageConfig) => void
}) {
  const [config, setConfig] = useState(initial)
  return (
    <EditorWorkspace
      pageId="spring"
      config={config}
      errors={errors}
      onChange={(c) => {
        onChange?.(c)
        setConfig(c)
      }}
      uploadImage={async () => '/uploads/a.png'}
      compileMarkdown={async (sources) => Object.fromEntries(sources.map((s) => [s, [s]]))}
    />
  )
}
