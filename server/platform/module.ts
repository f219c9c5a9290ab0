import type { FastifyPluginAsync } from 'fastify'
import type { Platform, Services } from './services'

/** How a module builds each of its services: from the platform and other modules' services. */
export type ServiceFactories = {
  [Name in Exclude<keyof Services, keyof Platform>]?: (services: Services) => Services[Name]
}

/** One area of the server (server/modules/<area>/): its services, its routes, its part of the sweep. */
export interface ServerModule {
  name: string
  services?: ServiceFactories
  routes?: FastifyPluginAsync
  /** Background work, run by the sweep under its advisory lock (one process at a time). */
  sweep?: (services: Services) => Promise<void>
}

export const defineModule = (module: ServerModule): ServerModule => module

/**
 * `app.services`: the platform plus every module's services. Each service is built once, when first used, so
 * an area may use another's whatever the order of the list; all are built here, so a wiring mistake stops
 * start-up instead of a first request.
 */
export function buildServices(platform: Platform, modules: readonly ServerModule[]): Services {
  const services = { ...platform } as Services
  const built = new Map<string, unknown>()
  const building = new Set<string>()
  for (const module of modules) {
    const factories = Object.entries(module.services ?? {}) as [string, (services: Services) => unknown][]
    for (const [name, make] of factories) {
      if (name in services) throw new Error(`module ${module.name}: service "${name}" is defined twice`)
      Object.defineProperty(services, name, {
        enumerable: true,
        get: () => {
          if (built.has(name)) return built.get(name)
          if (building.has(name)) throw new Error(`module ${module.name}: service "${name}" needs itself`)
          building.add(name)
          built.set(name, make(services))
          building.delete(name)
          return built.get(name)
        },
      })
    }
  }
  for (const name of Object.keys(services)) void services[name as keyof Services]
  return services
}
