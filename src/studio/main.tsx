// The operations studio's entry (/studio/): desktop UI in antd with the Chinese locale. Consumers never load it
// (its own HTML and bundle, vite.config.ts).
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { preloadFirstScreen } from './preload'
import { StudioRoot } from './StudioRoot'

preloadFirstScreen(window.location.pathname)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StudioRoot />
  </StrictMode>,
)
