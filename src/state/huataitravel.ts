import { TRAVEL_PRODUCT_DEFAULT } from '../config/constants'
import {
  createApplicationStore,
  occupationApplicationDefaults,
  type OccupationApplicationState,
} from './application'

/** The travel variant of the partner-API product (with occupation). */
export type HuataiTravelState = OccupationApplicationState

export const huataiTravelStore = createApplicationStore<HuataiTravelState>(
  'huataitravel',
  occupationApplicationDefaults(TRAVEL_PRODUCT_DEFAULT),
)
