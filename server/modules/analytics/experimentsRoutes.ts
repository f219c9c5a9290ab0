import type { FastifyPluginAsync } from 'fastify'
import { route } from '../../platform/route'
import { staffOf } from '../studio/guard'

// The studio's A/B tests (experiments.ts; docs/analytics.md#ab-tests): 编辑 reads and creates drafts (and saves a
// draft as a version to test), 发布员 starts, stops and promotes. Every write is CSRF-checked by the staff guard
// and in the audit log.

export const experimentsRoutes: FastifyPluginAsync = async (app) => {
  const { experiments, pages } = app.services
  const tags = ['studio']

  route(app, {
    method: 'GET',
    url: '/api/studio/pages/:id/experiments',
    schema: {
      summary: '页面的 A/B 测试（最新在前）与当前线上版本',
      tags,
      staff: 'editor',
      params: 'experiments/ExperimentPageParams',
      querystring: 'common/EmptyQuery',
      response: 'experiments/ExperimentList',
    },
    handler: async (request) => experiments.list(request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/pages/:id/experiments',
    schema: {
      summary:
        '新建 A/B 测试（未开始）：各组为页面的版本及流量（A 为对照组），目标，基准转化率与最小可检测提升（据此算出每组所需访客数）',
      tags,
      staff: 'editor',
      params: 'experiments/ExperimentPageParams',
      querystring: 'common/EmptyQuery',
      body: 'experiments/CreateExperiment',
      response: 'experiments/Experiment',
    },
    handler: async (request, reply) => {
      const created = await experiments.create(request.params.id, request.body, staffOf(request))
      reply.code(201)
      return created
    },
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/pages/:id/versions',
    schema: {
      summary:
        '把已保存的草稿存为新版本但不发布（供 A/B 测试使用；与发布相同的校验和修订号检查；记入审计日志）',
      tags,
      staff: 'editor',
      params: 'experiments/ExperimentPageParams',
      querystring: 'common/EmptyQuery',
      body: 'experiments/SaveVersionInput',
      response: 'experiments/SavedVersion',
    },
    handler: async (request, reply) => {
      const saved = await pages.saveVersion(request.params.id, request.body.revision, staffOf(request))
      reply.code(201)
      return saved
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/experiments/:experimentId',
    schema: {
      summary:
        'A/B 测试的结果：各组访客、转化、转化率及置信区间、与对照组之差及显著性（达到样本量后才下结论）',
      tags,
      staff: 'editor',
      params: 'experiments/ExperimentParams',
      querystring: 'common/EmptyQuery',
      response: 'experiments/ExperimentResults',
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return experiments.results(request.params.experimentId)
    },
  })

  route(app, {
    method: 'DELETE',
    url: '/api/studio/experiments/:experimentId',
    schema: {
      summary: '删除未开始的 A/B 测试（记入审计日志）',
      tags,
      staff: 'editor',
      params: 'experiments/ExperimentParams',
      querystring: 'common/EmptyQuery',
      response: 'experiments/ExperimentDeleted',
    },
    handler: async (request) => experiments.remove(request.params.experimentId, staffOf(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/experiments/:experimentId/start',
    schema: {
      summary:
        '开始 A/B 测试（发布员）：页面须已上线且对照组 A 为线上版本，同一页面同时只能有一个进行中的测试（409）',
      tags,
      staff: 'publisher',
      params: 'experiments/ExperimentParams',
      querystring: 'common/EmptyQuery',
      response: 'experiments/Experiment',
    },
    handler: async (request) => experiments.start(request.params.experimentId, staffOf(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/experiments/:experimentId/stop',
    schema: {
      summary: '停止 A/B 测试（发布员）：访客此后都看到线上版本',
      tags,
      staff: 'publisher',
      params: 'experiments/ExperimentParams',
      querystring: 'common/EmptyQuery',
      response: 'experiments/Experiment',
    },
    handler: async (request) => experiments.stop(request.params.experimentId, staffOf(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/experiments/:experimentId/promote',
    schema: {
      summary: '推广胜出版本（发布员）：把该组的版本立即发布为线上版本（同回滚，记入审计日志），并结束测试',
      tags,
      staff: 'publisher',
      params: 'experiments/ExperimentParams',
      querystring: 'common/EmptyQuery',
      body: 'experiments/PromoteInput',
      response: 'experiments/Experiment',
    },
    handler: async (request) =>
      experiments.promote(request.params.experimentId, request.body.variant, staffOf(request)),
  })
}
