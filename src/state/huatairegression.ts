import { REGRESSION_PRODUCT_DEFAULT } from '../config/constants'
import {
  createApplicationStore,
  occupationApplicationDefaults,
  type OccupationApplicationState,
} from './application'

/** The second partner-API variant (with occupation). */
export type HuataiRegressionState = OccupationApplicationState

export const huataiRegressionStore = createApplicationStore<HuataiRegressionState>(
  'huatairegression',
  occupationApplicationDefaults(REGRESSION_PRODUCT_DEFAULT),
)
