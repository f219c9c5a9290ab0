// STAND-IN, replaced at merge by the EDITOR helper's real workspace (block tree, property forms, preview).
// It honours the SHELL <-> EDITOR interface (/work/notes/i15-contract.md) so the page screen works and is
// testable before then: the config as JSON in a text area (edits call onChange once the JSON parses) and the
// list of errors.
import { Alert, Input, List, Typography } from 'antd'
import { useState } from 'react'
import type { MarkdownTrees, PageConfig, StudioConfigError } from '../api/types'

export interface EditorWorkspaceProps {
  pageId: string
  config: PageConfig
  onChange(config: PageConfig): void
  errors: StudioConfigError[]
  readOnly?: boolean
  uploadImage(file: File): Promise<string>
  compileMarkdown(sources: string[]): Promise<MarkdownTrees>
}

const pretty = (config: PageConfig) => JSON.stringify(config, null, 2)

export function EditorWorkspace({ pageId, config, onChange, errors, readOnly }: EditorWorkspaceProps) {
  const [text, setText] = useState(() => pretty(config))
  const [parseError, setParseError] = useState<string | null>(null)
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
    <div style={{ display: 'flex', gap: 16, padding: 16, height: '100%' }} data-testid="editor-workspace">
      <Input.TextArea
        aria-label={`页面 ${pageId} 的 JSON 配置`}
        value={text}
        readOnly={readOnly}
        style={{ fontFamily: 'monospace', fontSize: 12, flex: 1, minHeight: 480 }}
        onChange={(event) => {
          setText(event.target.value)
          try {
            onChange(JSON.parse(event.target.value) as PageConfig)
            setParseError(null)
          } catch {
            setParseError('JSON 格式错误')
          }
        }}
      />
      <div style={{ width: 320, overflow: 'auto' }}>
        {parseError && <Alert type="error" title={parseError} showIcon />}
        <List
          size="small"
          header={<Typography.Text strong>错误（{errors.length}）</Typography.Text>}
          dataSource={errors}
          locale={{ emptyText: '没有错误' }}
          renderItem={(error) => (
            <List.Item>
              <Typography.Text type="danger">
                第 {error.line} 行 {error.pointer || '/'}：{error.message}
              </Typography.Text>
            </List.Item>
          )}
        />
      </div>
    </div>
  )
}
