import type { FastifyInstance } from 'fastify'
import { route } from '../../platform/route'
import { staffOf } from '../studio/guard'

/** 客服 (and 管理员): 预约管理 under /api/studio/cases (role and CSRF checked by the staff guard). */
export function appointmentDeskRoutes(app: FastifyInstance): void {
  const { appointmentDesk } = app.services
  const tags = ['desk']

  route(app, {
    method: 'GET',
    url: '/api/studio/cases/appointments',
    schema: {
      summary: '客服：预约列表（待确认、已确认按时段先后，其余最新在前；最多 100 条；手机号脱敏）',
      tags,
      staff: 'agent',
      querystring: 'appointment/DeskAppointmentQuery',
      response: 'appointment/DeskAppointmentList',
    },
    handler: async (request) => appointmentDesk.list(request.query),
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/cases/appointments/:id/phone',
    schema: {
      summary: '客服：预约人的完整手机号（致电需要时；每次查看记入操作日志）',
      tags,
      staff: 'agent',
      params: 'appointment/AppointmentParams',
      querystring: 'common/EmptyQuery',
      response: 'appointment/DeskPhone',
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store')
      return appointmentDesk.phone(staffOf(request), request.params.id)
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/cases/appointments/:id/slots',
    schema: {
      summary: '客服：该预约可改到的时段（同一产品类型或同一顾问，含剩余名额）',
      tags,
      staff: 'agent',
      params: 'appointment/AppointmentParams',
      querystring: 'common/EmptyQuery',
      response: 'appointment/SlotCalendar',
    },
    handler: async (request) => appointmentDesk.slots(request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/cases/appointments/:id/confirm',
    schema: {
      summary: '客服：确认预约（用户收到“预约已确认”）',
      tags,
      staff: 'agent',
      params: 'appointment/AppointmentParams',
      querystring: 'common/EmptyQuery',
      response: 'appointment/DeskAppointment',
    },
    handler: async (request) => appointmentDesk.confirm(staffOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/cases/appointments/:id/reschedule',
    schema: {
      summary: '客服：与用户约定后改期（开始前 2 小时截止；占用新时段并退回原时段；视为已确认）',
      tags,
      staff: 'agent',
      params: 'appointment/AppointmentParams',
      querystring: 'common/EmptyQuery',
      body: 'appointment/RescheduleInput',
      response: 'appointment/DeskAppointment',
    },
    handler: async (request) =>
      appointmentDesk.reschedule(staffOf(request), request.params.id, request.body.slotStart),
  })
}
