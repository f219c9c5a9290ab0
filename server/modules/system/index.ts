import { defineModule } from '../../platform/module'
import { systemRoutes } from './routes'

/** Health, server time and the OpenAPI document. */
export const systemModule = defineModule({ name: 'system', routes: systemRoutes })
