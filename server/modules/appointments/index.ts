import { defineModule } from '../../platform/module'
import { appointmentRoutes } from './routes'
import { AppointmentService } from './service'

declare module '../../platform/services' {
  interface Services {
    appointments: AppointmentService
  }
}

/** Booked calls about a product type or with one of our licensed consultants, and the consultants. */
export const appointmentsModule = defineModule({
  name: 'appointments',
  services: {
    appointments: (s) => new AppointmentService(s.db, s.now, s.messages, s.smsProvider, s.log),
  },
  routes: appointmentRoutes,
})
