import type { ScreenRoute } from '../../types/route'
import { familyEditHref, familyListHref } from './paths'

const list = () => import('./FamilyListPage')
const edit = () => import('./FamilyEditPage')

export const familyRoutes: ScreenRoute[] = [
  { path: familyListHref('/familyManage'), title: '家庭成员', load: list },
  { path: familyEditHref('/familyManage'), title: '家庭成员信息', load: edit },
  { path: familyListHref('/family'), title: '家庭成员', load: list },
  { path: familyEditHref('/family'), title: '家庭成员信息', load: edit },
]
