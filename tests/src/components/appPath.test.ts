import { describe, expect, it } from 'vitest'
import { safeRedirect, stripLayoutPrefix, withLayoutPrefix } from '../../../src/components/navigation/appPath'

describe('layout-aware paths', () => {
  it('keeps navigation inside the in-app layout', () => {
    expect(withLayoutPrefix('/product?id=1', '/app/shopping')).toBe('/app/product?id=1')
    expect(withLayoutPrefix('/', '/app')).toBe('/app')
    expect(withLayoutPrefix('/product', '/shopping')).toBe('/product')
    expect(withLayoutPrefix('/app/x', '/app/y')).toBe('/app/x')
    expect(withLayoutPrefix('/application', '/')).toBe('/application')
  })
  it('strips the prefix to the route table path', () => {
    expect(stripLayoutPrefix('/app/protocol/privacy')).toBe('/protocol/privacy')
    expect(stripLayoutPrefix('/app')).toBe('/')
    expect(stripLayoutPrefix('/apple')).toBe('/apple')
  })
  it('accepts only same-origin relative redirect targets', () => {
    expect(safeRedirect('/orders?tab=1')).toBe('/orders?tab=1')
    expect(safeRedirect('https://evil.test')).toBe('/')
    expect(safeRedirect('//evil.test/x')).toBe('/')
    expect(safeRedirect('/\\evil.test')).toBe('/')
    expect(safeRedirect(null)).toBe('/')
    expect(safeRedirect('javascript:alert(1)', '/user')).toBe('/user')
  })
})
