import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { HttpError } from '../../lib/request'
import { loginPathFor } from '../../components/navigation/appPath'

export const isUnauthenticated = (error: unknown) => error instanceof HttpError && error.status === 401

/** A 401 while loading sends the user to /Login, to come back here afterwards. */
export function useLoginRedirect(error: unknown): void {
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  const loggedOut = isUnauthenticated(error)
  useEffect(() => {
    if (loggedOut) navigate(loginPathFor(`${pathname}${search}`), { replace: true })
  }, [loggedOut, navigate, pathname, search])
}
