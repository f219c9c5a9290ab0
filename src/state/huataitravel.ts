import { TRAVEL_PRODUCT_DEFAULT } from '../config/constants'
import {
  createApplicationStore,
  holderDefaults,
  insurerDefaults,
  occupationDefaults,
  productDefaults,
  type ApplicationState,
  type HolderSection,
  type InsurerSection,
  type Occupation,
} from './application'
import type { TypedProductSection } from './huatairegression'

/** The travel variant of the partner-API product (with occupation). */
export type HuataiTravelState = ApplicationState<
  HolderSection & Occupation,
  InsurerSection & Occupation,
  TypedProductSection
>

export const huataiTravelStore = createApplicationStore<HuataiTravelState>('huataitravel', {
  holder: { ...holderDefaults(), ...occupationDefaults() },
  insurer: { ...insurerDefaults(), ...occupationDefaults() },
  product: { ...productDefaults(), ...TRAVEL_PRODUCT_DEFAULT },
})
