import type { FastifyPluginAsync } from 'fastify'
import { addDays, compareIsoDates, defaultEffectiveDate } from '../../../src/domain/age'
import { quotePremium } from '../../../src/domain/pricing'
import { ApiError } from '../../platform/errors'
import { route } from '../../platform/route'

/** How far ahead a policy may be set to start. */
export const MAX_EFFECTIVE_DAYS_AHEAD = 180

const invalid = (field: string, message: string) =>
  new ApiError(400, 'INVALID_INPUT', message, [{ field, message }])

export const quoteRoutes: FastifyPluginAsync = async (app) => {
  const { catalog, now } = app.services

  route(app, {
    method: 'POST',
    url: '/api/quotes',
    schema: {
      summary: '保费试算：按出生日期（或年龄）、性别、计划、保障期间、交费期间、社保情况从费率表定价',
      tags: ['catalog'],
      body: 'quote/QuoteRequest',
      response: 'quote/Quote',
    },
    handler: async (request, reply) => {
      const body = request.body
      if (body.birthDate === undefined && body.age === undefined)
        throw invalid('birthDate', '缺少必填项：出生日期（birthDate）或年龄（age）')

      // Policies start at 00:00 on a Shanghai calendar day, tomorrow at the earliest.
      const earliest = defaultEffectiveDate(now().getTime())
      const effectiveDate = body.effectiveDate ?? earliest
      if (compareIsoDates(effectiveDate, earliest) < 0)
        throw invalid('effectiveDate', `生效日期（effectiveDate）不能早于${earliest}`)
      if (compareIsoDates(effectiveDate, addDays(earliest, MAX_EFFECTIVE_DAYS_AHEAD)) > 0)
        throw invalid('effectiveDate', `生效日期（effectiveDate）最晚为${MAX_EFFECTIVE_DAYS_AHEAD}天后`)

      const product = await catalog.product(body.productId)
      const result = quotePremium(product, {
        planCode: body.planCode,
        birthDate: body.birthDate,
        age: body.birthDate === undefined ? body.age : undefined,
        gender: body.gender,
        coveragePeriod: body.coveragePeriod,
        paymentPeriod: body.paymentPeriod,
        socialInsurance: body.socialInsurance,
        effectiveDate,
      })
      if (!result.ok)
        throw new ApiError(422, 'NOT_INSURABLE', result.message, [
          { field: result.field, message: result.message },
        ])

      reply.header('Cache-Control', 'no-store')
      return {
        premiumFen: result.premiumFen,
        ageOnEffectiveDate: result.age,
        effectiveDate: result.effectiveDate,
        planCode: result.planCode,
        coveragePeriod: result.coveragePeriod,
        paymentPeriod: result.paymentPeriod,
      }
    },
  })
}
