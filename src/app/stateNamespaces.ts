import {
  airAccidentStore,
  huataiRegressionStore,
  huataiStore,
  huataiTravelStore,
} from '../features/partners/applicationStores'
import { navbarStore } from '../features/catalog/shopping/navbarStore'
import { newsStore } from '../features/content/newsStore'
import { commonStore, signInStore } from '../page-runtime/bindingStores'
import { jtcStore } from '../state/jtcState'
import { nativeStore } from '../state/native'
import { userStore } from '../state/user'

// The spec's client state namespaces (its §3) and the stores that hold them, in one place. Only `user` and
// `jtcState` are persisted (under persist:root: src/state/index.ts); each other store lives with the code that
// uses it. The spec's `ppbd`, `{product}` and loading-indicator namespaces had no reader and are not kept.
// The application states name the insured section `insurer`; the code calls it `insured`. The mall's own
// purchase is not one of them: its draft is src/features/purchase/draft.ts.
export const stateNamespaces = {
  /** Global: the signed-in user (persisted). */
  user: userStore,
  /** Global: device, app shell and session token. */
  native: nativeStore,
  /** The consultant context carried into the mall (persisted; read by catalog compare and appointments). */
  jtcState: jtcStore,
  /** Config-page bindings ($state.common, $state.signIn). */
  common: commonStore,
  signIn: signInStore,
  /** The shopping list's filters. */
  navbar: navbarStore,
  /** The news list's tag. */
  news: newsStore,
  /** The partner flows' applications (and the air-accident activity's, of the huatai shape). */
  huatai: huataiStore,
  huatairegression: huataiRegressionStore,
  huataitravel: huataiTravelStore,
  airAccident: airAccidentStore,
} as const

export type StateNamespace = keyof typeof stateNamespaces
