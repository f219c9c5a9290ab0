import { describe, expect, it } from 'vitest'
import { configRoutePath } from '../../../src/page-config/configPath'
import { configPagePaths, withParamValues } from '../../../src/page-config/routeParams'

// A config file with a [param] in its name is one page per declared value: its own path and title, so that an
// undeclared value is no route at all (the 404 screen).

describe('config routes with parameters', () => {
  it('names the route with the parameter, and makes a page per declared value with its title', () => {
    expect(configRoutePath('xm/[type].json')).toBe('/xm/:type')
    const config = {
      title: '星芒财险专区',
      routeParams: { type: { values: [{ value: 'accident', title: '星芒意外保障' }, { value: 'travel' }] } },
    }
    expect(configPagePaths('xm/[type].json', config)).toEqual([
      { pattern: '/xm/:type', path: '/xm/accident', title: '星芒意外保障', params: { type: 'accident' } },
      { pattern: '/xm/:type', path: '/xm/travel', title: '星芒财险专区', params: { type: 'travel' } },
    ])
    expect(configPagePaths('telecom/40.json', { title: '40元档权益' })).toEqual([
      { pattern: '/telecom/40', path: '/telecom/40', title: '40元档权益', params: {} },
    ])
    // Nothing declared: no page (the validator names the missing declaration).
    expect(configPagePaths('xm/[type].json', { title: 'x' })).toEqual([])
  })

  it('fills only {{params.…}} into data-source queries, keeping numbers', () => {
    const sources = { products: { get: '/api/products', query: { category: '{{ params.type }}', limit: 6 } } }
    expect(withParamValues(sources, { type: 'travel' })).toEqual({
      products: { get: '/api/products', query: { category: 'travel', limit: 6 } },
    })
    expect(withParamValues('{{params.other}}|{{user.id}}', { type: 'a' })).toBe('|{{user.id}}')
  })
})
