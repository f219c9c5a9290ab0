import { stripLayoutPrefix } from '../../components/navigation/appPath'

// The spec has two route pairs for the same screens (/familyManage/* and the alias /family/*): stay in the one
// the user came through.

export function familyRoot(pathname: string): '/family' | '/familyManage' {
  return stripLayoutPrefix(pathname).startsWith('/family/') ? '/family' : '/familyManage'
}

export const familyListPath = (pathname: string) => `${familyRoot(pathname)}/list`

export function familyEditPath(pathname: string, id?: string): string {
  const path = `${familyRoot(pathname)}/addEdit`
  return id ? `${path}?${new URLSearchParams({ id }).toString()}` : path
}
