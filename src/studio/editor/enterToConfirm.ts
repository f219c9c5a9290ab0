// Enter in a time picker confirms what is picked and closes it, as OK does: antd submits on Enter only from the
// text box with a complete time typed in, and keeps the panel open; a day clicked in the panel then Enter did
// nothing at all.
import { useRef, useState, type KeyboardEvent } from 'react'
import type dayjs from 'dayjs'

/** `toValue` turns the picked moment into the field's value (fields.tsx: fromPickerValue). */
export function useEnterToConfirm(
  value: unknown,
  onChange: (value: string | undefined) => void,
  toValue: (picked: dayjs.Dayjs) => string,
) {
  const [open, setOpenState] = useState(false)
  const pending = useRef<dayjs.Dayjs | null>(null)
  const sent = useRef<string | undefined>(undefined)
  const send = (next: string | undefined) => {
    sent.current = next
    onChange(next)
  }
  const setOpen = (next: boolean) => {
    pending.current = null
    sent.current = undefined
    setOpenState(next)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !open) return
    event.preventDefault()
    // The text box's own Enter has already sent a typed time; a day picked in the panel is sent here.
    const picked = pending.current ? toValue(pending.current) : undefined
    if (picked && picked !== sent.current && picked !== value) send(picked)
    setOpen(false)
  }
  const onPending = (next: dayjs.Dayjs | null | (dayjs.Dayjs | null)[]) => {
    pending.current = Array.isArray(next) ? (next[0] ?? null) : next
  }
  return { open, setOpen, onKeyDown, onPending, send }
}
