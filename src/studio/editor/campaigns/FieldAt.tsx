// One field of the campaign editor at a JSON pointer of the config: its label, its input (given the DOM id the
// error navigation focuses and a red border when the validator found something there) and the messages.

import { createContext, useContext, type ReactNode } from 'react'
import type { StudioConfigError } from '../types'

/** The DOM id of the input at a config pointer (the error list focuses it). */
export const fieldDomId = (pointer: string) => `campaign-field:${pointer}`

/** The validator's messages at a pointer (`deep`: under it too). */
export type ErrorsAt = (pointer: string, deep?: boolean) => string[]

export function errorsAtFor(errors: readonly StudioConfigError[]): ErrorsAt {
  return (pointer, deep) =>
    errors
      .filter((e) => e.pointer === pointer || (deep === true && e.pointer.startsWith(pointer + '/')))
      .map((e) => e.message)
}

export const CampaignErrors = createContext<ErrorsAt>(() => [])

export function ErrorMessages({ messages }: { messages: readonly string[] }) {
  return (
    <>
      {[...new Set(messages)].map((m) => (
        <div key={m} className="studio-field-error" role="alert">
          {m}
        </div>
      ))}
    </>
  )
}

/**
 * A field at `pointer`: `children` gets the input's id and its antd status. `pointers` are more places whose
 * errors show here (a prize's generated id under its name); `deep` shows the errors under the pointer too.
 */
export function FieldAt({
  pointer,
  label,
  deep,
  pointers = [],
  className,
  children,
}: {
  pointer: string
  label?: ReactNode
  deep?: boolean
  pointers?: readonly string[]
  className?: string
  children(input: { id: string; status: 'error' | undefined }): ReactNode
}) {
  const errorsAt = useContext(CampaignErrors)
  const messages = [pointer, ...pointers].flatMap((p, i) => errorsAt(p, i === 0 && deep))
  const status = messages.length ? 'error' : undefined
  return (
    <div
      className={`${className ?? 'studio-field'}${status ? ' campaign-field-invalid' : ''}`}
      data-campaign-pointer={pointer}
    >
      {label !== undefined && <div className="studio-field-label">{label}</div>}
      {children({ id: fieldDomId(pointer), status })}
      <ErrorMessages messages={messages} />
    </div>
  )
}

/** Brings the field at `pointer` (or its nearest shown ancestor) into view and focuses it. */
export function focusCampaignField(pointer: string): boolean {
  for (let at = pointer; at.length > 0; at = at.slice(0, at.lastIndexOf('/'))) {
    const wrapper = document.querySelector<HTMLElement>(`[data-campaign-pointer="${at}"]`)
    const el = document.getElementById(fieldDomId(at)) ?? wrapper
    if (el) {
      el.scrollIntoView?.({ block: 'center' })
      const target = el.matches('input, textarea, button, [tabindex]')
        ? el
        : (el.querySelector<HTMLElement>('input, textarea, button, [tabindex]') ?? el)
      target.focus()
      return true
    }
  }
  return false
}
