import { queryParam, withQuery } from '../../lib/href'

// The spec has two route pairs for the same screens: /familyManage/* and the alias /family/*.

export type FamilyRoot = '/familyManage' | '/family'

export const familyListHref = (root: FamilyRoot = '/familyManage') => `${root}/list`
/** The add form, or the edit form of member `id`. */
export const familyEditHref = (root: FamilyRoot = '/familyManage', id?: string) =>
  withQuery(`${root}/addEdit`, { id })
/** The member the edit form's URL names (?id=), or null when adding. */
export const familyMemberIdOf = (search: URLSearchParams): string | null => queryParam(search, 'id')
