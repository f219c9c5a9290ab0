import type { FastifyPluginAsync } from 'fastify'
import { userIdOf } from '../../platform/auth'
import { route } from '../../platform/route'

/** The risk questionnaire (public) and the caller's assessments (session only, the caller's own). */
export const riskRoutes: FastifyPluginAsync = async (app) => {
  const { risk } = app.services
  const tags = ['risk']

  route(app, {
    method: 'GET',
    url: '/api/risk-assessment/questionnaire',
    schema: {
      summary: '风险测评问卷（题目与选项，不含分值）及五个风险等级',
      tags,
      querystring: 'common/EmptyQuery',
      response: 'risk/Questionnaire',
    },
    handler: async () => risk.questionnaire(),
  })

  route(app, {
    method: 'GET',
    url: '/api/risk-assessment',
    schema: {
      summary: '我的风险测评：最近一次的等级与有效期（可能已过期），从未测评为 null',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'risk/MyRiskAssessment',
    },
    handler: async (request) => risk.mine(userIdOf(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/risk-assessment',
    schema: {
      summary: '提交风险测评（每题恰好一个有效选项），得出等级，有效期一年',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      body: 'risk/RiskAssessmentSubmit',
      response: 'risk/RiskAssessment',
    },
    handler: async (request) => risk.submit(userIdOf(request), request.body),
  })
}
