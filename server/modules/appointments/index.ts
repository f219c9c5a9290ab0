import { defineModule } from '../../platform/module'
import { AppointmentDesk } from './desk'
import { appointmentRoutes } from './routes'
import { AppointmentService } from './service'

declare module '../../platform/services' {
  interface Services {
    appointments: AppointmentService
    appointmentDesk: AppointmentDesk
  }
}

/** Booked calls about a product type or with one of our licensed consultants, the consultants, and the desk's
 * side (预约管理: confirm, reschedule). */
export const appointmentsModule = defineModule({
  name: 'appointments',
  services: {
    appointments: (s) => new AppointmentService(s.db, s.now, s.messages, s.smsProvider, s.log),
    appointmentDesk: (s) => new AppointmentDesk(s.db, s.now, s.appointments, s.messages, s.staffAudit),
  },
  routes: appointmentRoutes,
})
