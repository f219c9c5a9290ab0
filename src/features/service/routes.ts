import type { ScreenRoute } from '../../types/route'
import { servicePaths } from './paths'

export const serviceRoutes: ScreenRoute[] = [
  {
    path: servicePaths.productAppointment,
    title: '预约咨询',
    load: () => import('./ProductAppointmentPage'),
  },
  { path: servicePaths.consultants, title: '保险顾问', load: () => import('./ConsultantsPage') },
  { path: servicePaths.consultant, title: '顾问详情', load: () => import('./ConsultantPage') },
  { path: servicePaths.orderCounselor, title: '预约顾问', load: () => import('./OrderCounselorPage') },
]
