import type { ScreenRoute } from '../../types/route'
import { appointmentPaths } from './paths'

export const appointmentRoutes: ScreenRoute[] = [
  {
    path: appointmentPaths.productAppointment,
    title: '预约咨询',
    load: () => import('./ProductAppointmentPage'),
  },
  { path: appointmentPaths.consultants, title: '保险顾问', load: () => import('./ConsultantsPage') },
  { path: appointmentPaths.consultant, title: '顾问详情', load: () => import('./ConsultantPage') },
  { path: appointmentPaths.orderCounselor, title: '预约顾问', load: () => import('./OrderCounselorPage') },
]
