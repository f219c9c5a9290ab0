import { useState } from 'react'

/** The bundled default avatar (public/images), under the app's base path. */
export const DEFAULT_AVATAR = `${import.meta.env.BASE_URL}images/avatar-default.svg`

/** The user's avatar, or the default one when there is none or it does not load. */
export function Avatar({ src }: { src?: string | null }) {
  const [failed, setFailed] = useState<string | null>(null)
  const shown = src && src !== failed ? src : DEFAULT_AVATAR
  return (
    <div className="user-avatar">
      <img
        src={shown}
        alt="头像"
        data-testid="user-avatar"
        onError={() => {
          if (shown !== DEFAULT_AVATAR) setFailed(shown)
        }}
      />
    </div>
  )
}
