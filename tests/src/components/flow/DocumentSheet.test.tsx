import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { DocumentSheet } from '../../../../src/components/flow/DocumentSheet'
import { tappable } from '../../harness'

const document = {
  title: '《投保须知》',
  body: [
    { tag: 'h2' as const, children: ['投保须知'] },
    { tag: 'p' as const, children: ['请仔细阅读。'] },
  ],
}

describe('DocumentSheet', () => {
  it('shows the title once, a close ×, and the action outside the scrolling text', async () => {
    const onClose = vi.fn()
    render(
      <DocumentSheet document={document} onClose={onClose}>
        <button type="button">我已阅读并确认</button>
      </DocumentSheet>,
    )
    const dialog = await screen.findByRole('dialog', { name: '投保须知' })
    // The text comes with its renderer's chunk, loaded with the first document opened.
    expect(await within(dialog).findByText('请仔细阅读。')).toBeInTheDocument()
    // The text opens with the same heading: shown once, in the sheet's bar.
    expect(within(dialog).getAllByText(/投保须知/)).toHaveLength(1)
    expect(within(dialog).getByRole('heading', { name: '《投保须知》' })).toBeInTheDocument()
    // The action is not inside the text that scrolls, so it stays in view however long the text is.
    const text = dialog.querySelector('.document-sheet-text') as HTMLElement
    expect(text).not.toContainElement(within(dialog).getByRole('button', { name: '我已阅读并确认' }))
    await userEvent.click(await tappable(within(dialog).getByRole('button', { name: '关闭' })))
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
