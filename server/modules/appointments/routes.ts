import type { FastifyPluginAsync } from 'fastify'
import { userIdOf } from '../../platform/auth'
import { idempotent } from '../../platform/idempotency'
import { route } from '../../platform/route'
import { appointmentDeskRoutes } from './deskRoutes'

/** Consultants (public), the slot calendar (public), the caller's own appointments (session); the desk's in deskRoutes.ts. */
export const appointmentRoutes: FastifyPluginAsync = async (app) => {
  const { appointments } = app.services
  const tags = ['appointments']

  route(app, {
    method: 'GET',
    url: '/api/consultants',
    schema: {
      summary: '持牌保险顾问列表',
      tags,
      querystring: 'common/EmptyQuery',
      response: 'appointment/ConsultantList',
    },
    handler: async () => appointments.consultants(),
  })

  route(app, {
    method: 'GET',
    url: '/api/consultants/:id',
    schema: {
      summary: '顾问详情（执业证编号、从业年限、擅长领域、评分）',
      tags,
      params: 'appointment/ConsultantParams',
      querystring: 'common/EmptyQuery',
      response: 'appointment/Consultant',
    },
    handler: async (request) => appointments.consultant(request.params.id),
  })

  route(app, {
    method: 'GET',
    url: '/api/appointments/slots',
    schema: {
      summary: '可预约时段（未来7天，每天 09:00–18:00 整点，含剩余名额）：按产品类型或顾问',
      tags,
      querystring: 'appointment/SlotsQuery',
      response: 'appointment/SlotCalendar',
    },
    handler: async (request) => appointments.slots(request.query),
  })

  route(app, {
    method: 'POST',
    url: '/api/appointments',
    schema: {
      summary: '预约咨询（占用一个时段名额，短信与消息通知）；支持 Idempotency-Key',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      body: 'appointment/AppointmentInput',
      response: 'appointment/Appointment',
    },
    preHandler: idempotent,
    handler: async (request) => appointments.book(userIdOf(request), request.body),
  })

  route(app, {
    method: 'GET',
    url: '/api/appointments',
    schema: {
      summary: '我的预约（时段最晚的在前）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'appointment/AppointmentList',
    },
    handler: async (request) => appointments.mine(userIdOf(request)),
  })

  route(app, {
    method: 'GET',
    url: '/api/appointments/:id',
    schema: {
      summary: '预约详情',
      tags,
      auth: true,
      params: 'appointment/AppointmentParams',
      querystring: 'common/EmptyQuery',
      response: 'appointment/Appointment',
    },
    handler: async (request) => appointments.get(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/appointments/:id/cancel',
    schema: {
      summary: '取消预约（开始前 2 小时截止，退回名额）；支持 Idempotency-Key',
      tags,
      auth: true,
      params: 'appointment/AppointmentParams',
      querystring: 'common/EmptyQuery',
      response: 'appointment/Appointment',
    },
    preHandler: idempotent,
    handler: async (request) => appointments.cancel(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/appointments/:id/reschedule',
    schema: {
      summary: '改期（开始前 2 小时截止；占用新时段名额并退回原时段，同一事务）；支持 Idempotency-Key',
      tags,
      auth: true,
      params: 'appointment/AppointmentParams',
      querystring: 'common/EmptyQuery',
      body: 'appointment/RescheduleInput',
      response: 'appointment/Appointment',
    },
    preHandler: idempotent,
    handler: async (request) =>
      appointments.reschedule(userIdOf(request), request.params.id, request.body.slotStart),
  })

  appointmentDeskRoutes(app)
}
