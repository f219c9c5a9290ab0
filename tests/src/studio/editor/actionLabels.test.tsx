// The action widget labels each field as the merge dialog and the version diff name it (「点击动作 › 页面路径」),
// so a person finds the field a conflict names.
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ActionEditor } from '../../../../src/studio/editor/fields'
import { fieldWords } from '../../../../src/studio/versions/diffNames'
import { readInlineStyles } from '../studioHarness'

const KINDS: Record<string, string[]> = {
  navigate: ['to', 'replace'],
  link: ['href'],
  api: ['url', 'successText', 'then'],
  toast: ['text', 'kind'],
  'scroll-to': ['target'],
  dialog: ['title', 'content', 'confirmText'],
}

describe('the action widget', () => {
  it.each(Object.entries(KINDS))(
    'labels a %s action’s fields with the merge dialog’s words',
    (type, keys) => {
      readInlineStyles()
      render(<ActionEditor value={{ type }} onChange={() => {}} blockIds={['heading']} />)
      expect(screen.getByLabelText(fieldWords('/action/type', 'button').split(' › ').at(-1)!)).toBeTruthy()
      for (const key of keys) {
        const words = fieldWords(`/action/${key}`, 'button')
        expect(words).toMatch(/^点击动作 › /)
        expect(screen.getByText(words.split(' › ').at(-1)!, { selector: '.studio-sub-label' })).toBeTruthy()
      }
    },
  )
})
