import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { installAntdMobileRender } from './app/antdMobileRender'
import { bootstrap } from './app/bootstrap'
import './styles/global.css'

installAntdMobileRender()
bootstrap()

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
