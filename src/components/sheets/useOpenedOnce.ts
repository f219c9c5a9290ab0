import { useState } from 'react'

/** True from the first time `open` is: a sheet or wheel is mounted once opened and kept (it animates out when closed). */
export function useOpenedOnce(open: boolean | undefined): boolean {
  const [opened, setOpened] = useState(false)
  if (open && !opened) setOpened(true)
  return opened || Boolean(open)
}
