import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { API_PATH_SHAPE, CONFIG_API_PATHS, isConfigApiPath } from '../../../src/page-config/apiPaths'

// What a page config may call: the allow-list of consumer API paths, and every way of writing another path that a
// browser would still send somewhere else (a staff route above all).

const root = resolve(import.meta.dirname, '../../..')
const schema = (file: string) => JSON.parse(readFileSync(resolve(root, 'schemas', file), 'utf8')) as unknown

describe('the consumer API paths a config may call', () => {
  it('allows the campaign actions and the product list, with a valid campaign id', () => {
    expect(isConfigApiPath('post', '/api/campaigns/trialfee-calc/entries')).toBe(true)
    expect(isConfigApiPath('post', '/api/campaigns/parking-coupon/claims')).toBe(true)
    expect(isConfigApiPath('get', '/api/products')).toBe(true)
    // Each list is for its method only.
    expect(isConfigApiPath('get', '/api/campaigns/trialfee-calc/entries')).toBe(false)
    expect(isConfigApiPath('post', '/api/products')).toBe(false)
  })

  it.each([
    '/api/studio/staff',
    '/api/studio/session',
    '/api/studio/pages/x/publish',
    '/api/sandbox/partner-faults',
    '/api/dev/campaigns/worldcup-2026/results',
    '/api/test/clock',
    '/api/me/deletion',
    '/api/auth/logout',
    '/api/campaigns/x/../../studio/staff',
    '/api/campaigns/../studio/staff/entries',
    '/api/campaigns/%2e%2e/studio/entries',
    '/api/campaigns/%2E%2E/entries',
    '/api/campaigns/ab%2fc/entries',
    '/api/campaigns//entries',
    '//evil.example/api/campaigns/abc/entries',
    '/api/campaigns/trialfee-calc/entries?x=1',
    '/api/campaigns/trialfee-calc/entries#x',
    '/api/campaigns/trialfee-calc/entries/',
    '/api/campaigns/trialfee-calc\\..\\..\\studio\\staff',
    '/api/campaigns/TRIALFEE/entries',
    '/api/campaigns/ab/entries',
    '/API/campaigns/trialfee-calc/entries',
    'https://m.guoheng-demo.com/api/campaigns/trialfee-calc/entries',
    '/api/campaigns/trialfee-calc/entries\n',
    '/api/campaigns/trialfee-calc/en\ttries',
    '',
  ])('refuses %j', (url) => {
    expect(isConfigApiPath('post', url)).toBe(false)
    expect(isConfigApiPath('get', url)).toBe(false)
  })

  it('the schemas ask for the same shape of path as the validator and the runtime', () => {
    const common = schema('block-common.schema.json') as {
      $defs: { action: { oneOf: { title: string; properties: { url?: { pattern: string } } }[] } }
    }
    const api = common.$defs.action.oneOf.find((branch) => branch.title === 'ApiAction')
    expect(new RegExp(api?.properties.url?.pattern ?? '').source).toBe(API_PATH_SHAPE.source)
    const page = schema('page.schema.json') as {
      properties: { dataSources: { additionalProperties: { properties: { get: { pattern: string } } } } }
    }
    const get = page.properties.dataSources.additionalProperties.properties.get
    expect(new RegExp(get.pattern).source).toBe(API_PATH_SHAPE.source)
    for (const path of [...CONFIG_API_PATHS.post, ...CONFIG_API_PATHS.get])
      expect(API_PATH_SHAPE.test(path.replace(':campaignId', 'abc'))).toBe(true)
  })
})
