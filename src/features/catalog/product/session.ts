import { HttpError, get } from '../../../lib/request'

/** Asks the server whether the session cookie is valid (the cookie itself is HttpOnly). */
export async function checkLoggedIn(): Promise<boolean> {
  try {
    await get('/api/me', { cache: false })
    return true
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return false
    throw error
  }
}
