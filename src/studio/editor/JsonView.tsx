// The whole config as JSON text. Valid JSON is applied as it is typed (one undo step per burst); a syntax
// error is shown with its line and nothing is applied; the validator's errors are listed with their lines.

import { useRef, useState } from 'react'
import { Alert, Input, Typography } from 'antd'
import { syntaxErrorPosition } from '../../page-config/locate'
import type { PageConfig, StudioConfigError } from './types'

const stringify = (config: PageConfig) => JSON.stringify(config, null, 2)

export function JsonView({
  config,
  errors,
  readOnly,
  onApply,
}: {
  config: PageConfig
  errors: readonly StudioConfigError[]
  readOnly: boolean
  onApply(config: PageConfig): void
}) {
  const [state, setState] = useState(() => ({ base: config, text: stringify(config), problem: '' }))
  // A config from elsewhere (undo, a form edit) replaces the text; our own applied parse does not.
  if (state.base !== config) setState({ base: config, text: stringify(config), problem: '' })
  const area = useRef<HTMLTextAreaElement | null>(null)

  const onText = (text: string) => {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (e) {
      const { line, column } = syntaxErrorPosition(text, e)
      setState({ base: state.base, text, problem: `JSON 格式错误：第 ${line} 行第 ${column} 列附近` })
      return
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      setState({ base: state.base, text, problem: 'JSON 格式错误：第 1 行应为一个对象 { … }' })
      return
    }
    setState({ base: parsed as PageConfig, text, problem: '' })
    onApply(parsed as PageConfig)
  }

  const goToLine = (line: number) => {
    const el = area.current
    if (!el) return
    const lines = state.text.split('\n')
    const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0)
    el.focus()
    el.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0))
    const lineHeight = el.scrollHeight / Math.max(lines.length, 1)
    el.scrollTop = Math.max(0, (line - 5) * lineHeight)
  }

  return (
    <div className="studio-json">
      {state.problem && <Alert type="error" showIcon title={state.problem} role="alert" />}
      <Input.TextArea
        ref={(r) => {
          area.current = r?.resizableTextArea?.textArea ?? null
        }}
        aria-label="JSON 源码"
        className="studio-json-text"
        spellCheck={false}
        readOnly={readOnly}
        value={state.text}
        onChange={(e) => onText(e.target.value)}
      />
      {errors.length > 0 && (
        <div className="studio-json-errors">
          <Typography.Text strong>校验错误（{errors.length}）</Typography.Text>
          <ul>
            {errors.map((e, i) => (
              <li key={`${e.pointer}:${i}`}>
                <button type="button" className="studio-json-error" onClick={() => goToLine(e.line)}>
                  <Typography.Text type="danger">第 {e.line} 行</Typography.Text>
                  <Typography.Text code>{e.pointer || '/'}</Typography.Text>
                  <span>{e.message}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
