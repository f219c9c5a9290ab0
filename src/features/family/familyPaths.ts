import { stripLayoutPrefix } from '../../components/navigation/appPath'
import { familyEditHref, familyListHref, type FamilyRoot } from './paths'

// The screens have two route pairs (/familyManage/* and the alias /family/*): stay in the one the user came
// through.

export function familyRoot(pathname: string): FamilyRoot {
  return stripLayoutPrefix(pathname).startsWith('/family/') ? '/family' : '/familyManage'
}

export const familyListPath = (pathname: string) => familyListHref(familyRoot(pathname))

export const familyEditPath = (pathname: string, id?: string) => familyEditHref(familyRoot(pathname), id)
