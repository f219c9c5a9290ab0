import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { bootstrap } from './app/bootstrap'
import { ConfigShell } from './app/configShell/ConfigShell'
import { loadChunk } from './app/lazyChunk'
import { ChunkErrorScreen } from './app/screens/ChunkErrorScreen'
import { LAZY_PLACEHOLDER_DELAY_MS } from './config/constants'
import { configRouteAt } from './page-runtime/configRoutes'
import { persistor } from './state'
import './styles/global.css'

bootstrap()

const root = createRoot(document.getElementById('root') as HTMLElement)
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>)

// A config page opened directly renders in the light shell, without the router; anything else starts the app.
const configRoute = configRouteAt(window.location.pathname)
if (configRoute) {
  // The page's chunks are already on their way (see configRoutes): when they and the stored state arrive
  // soon, the first render is the whole page rather than a placeholder followed by it.
  const soon = new Promise<undefined>((resolve) => setTimeout(resolve, LAZY_PLACEHOLDER_DELAY_MS))
  void Promise.race([
    Promise.all([configRoute.load(), persistor.restore()]).then(([{ default: screen }]) => screen),
    soon,
  ]).then(
    (screen) => render(<ConfigShell route={configRoute} screen={screen} />),
    () => render(<ConfigShell route={configRoute} />),
  )
} else
  loadChunk(() => import('./app/App')).then(
    ({ App }) => render(<App />),
    (error: unknown) => {
      console.error('[app] the app chunk failed to load', error)
      render(<ChunkErrorScreen />)
    },
  )
