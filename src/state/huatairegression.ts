import { REGRESSION_PRODUCT_DEFAULT } from '../config/constants'
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
  type ProductSection,
} from './application'

export interface TypedProductSection extends ProductSection {
  productType: string
  productPrice: number
}

/** The second partner-API variant (with occupation). */
export type HuataiRegressionState = ApplicationState<
  HolderSection & Occupation,
  InsurerSection & Occupation,
  TypedProductSection
>

export const huataiRegressionStore = createApplicationStore<HuataiRegressionState>('huatairegression', {
  holder: { ...holderDefaults(), ...occupationDefaults() },
  insurer: { ...insurerDefaults(), ...occupationDefaults() },
  product: { ...productDefaults(), ...REGRESSION_PRODUCT_DEFAULT },
})
