import { withQuery } from '../../lib/href'
import type { ScreenRoute } from '../../types/route'

// The spec has two route pairs for the same screens: /familyManage/* and the alias /family/*.

export type FamilyRoot = '/familyManage' | '/family'

export const familyListHref = (root: FamilyRoot = '/familyManage') => `${root}/list`
/** The add form, or the edit form of member `id`. */
export const familyEditHref = (root: FamilyRoot = '/familyManage', id?: string) =>
  withQuery(`${root}/addEdit`, { id })

const list = () => import('./FamilyListPage')
const edit = () => import('./FamilyEditPage')

export const familyRoutes: ScreenRoute[] = [
  { path: familyListHref('/familyManage'), title: '家庭成员', load: list },
  { path: familyEditHref('/familyManage'), title: '家庭成员信息', load: edit },
  { path: familyListHref('/family'), title: '家庭成员', load: list },
  { path: familyEditHref('/family'), title: '家庭成员信息', load: edit },
]
