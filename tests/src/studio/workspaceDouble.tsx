// A test double of the editor workspace for the page screen's tests (the workspace has its own tests in
// editor/): the config as JSON in a text area, edits call onChange once the JSON parses, and the errors listed.
import { useState } from 'react'
import type { EditorWorkspaceProps } from '../../../src/studio/editor/EditorWorkspace'
import type { PageConfig } from '../../../src/studio/api/types'

const pretty = (config: PageConfig) => JSON.stringify(config, null, 2)

export function EditorWorkspace({ pageId, config, onChange, errors, readOnly }: EditorWorkspaceProps) {
  const [text, setText] = useState(() => pretty(config))
  // A config from outside (loaded, restored, refreshed) replaces the text unless it is what the text says.
  const [shown, setShown] = useState(config)
  if (shown !== config) {
    setShown(config)
    let same = false
    try {
      same = pretty(JSON.parse(text) as PageConfig) === pretty(config)
    } catch {
      // The text does not parse: the outside config wins.
    }
    if (!same) setText(pretty(config))
  }
  return (
    <div data-testid="editor-workspace">
      <textarea
        aria-label={`页面 ${pageId} 的 JSON 配置`}
        value={text}
        readOnly={readOnly}
        onChange={(event) => {
          setText(event.target.value)
          try {
            onChange(JSON.parse(event.target.value) as PageConfig)
          } catch {
            // Half-typed JSON: nothing to pass on yet.
          }
        }}
      />
      <ul aria-label="错误列表">
        {errors.map((error) => (
          <li key={`${error.pointer}:${error.message}`}>
            第 {error.line} 行 {error.pointer || '/'}：{error.message}
          </li>
        ))}
      </ul>
    </div>
  )
}
