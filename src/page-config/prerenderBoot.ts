// The one inline script of a prerendered config page, right after #root (the server allows it by its hash,
// server/platform/security.ts). It
// - marks <html> inside the company's app (IN_APP_ATTRIBUTE), so the NavBar the HTML has never shows there;
// - empties #root when the device clock says what it shows has changed since the build (a phase or a block
//   window flipped), so a stale phase never shows before the JavaScript renders the right one (src/main.tsx
//   checks again on server time), and when the URL is not the one it was rendered for (the /app layout has
//   another frame);
// - starts the page's JavaScript, listed in #page-scripts, only after the first paint: the HTML already shows
//   the page, so the scripts, which only hydrate it, do not compete with its stylesheets and images. The one
//   exception (`early`, the vendor chunk: React, a third of a first visit's bytes) is fetched at once: on a slow
//   network the line is otherwise idle between the stylesheet's last byte and the first paint (bench:routes,
//   slow 3G: / 4.8-5.0 -> 4.7-4.8 s; Lighthouse's first paint unchanged).

/**
 * Attribute of <html> inside the company's app, whose title bar replaces the NavBar (src/styles/global.css): set
 * here before the first paint, and by src/app/bootstrap.ts. The tests hold this script's user-agent and query
 * checks to src/domain/environment.ts's.
 */
export const IN_APP_ATTRIBUTE = 'data-in-app'
/** sessionStorage key: this tab was opened in the app by its query flag (?inApp=1, ?from=app). */
export const IN_APP_TAB_KEY = 'in-app'

/** Attribute of #root carrying the snapshot (JSON: path and moment) the HTML was rendered with. */
export const PRERENDER_ATTRIBUTE = 'data-prerendered'
/** The URL path (base included) the HTML was rendered for: under another (the /app layout), it is dropped. */
export const PATH_ATTRIBUTE = 'data-path'
export const VALID_FROM_ATTRIBUTE = 'data-valid-from'
/**
 * Whom a server-rendered screen was rendered for: absent, the visitor alone; `everyone`, a render kept for every
 * visitor; `session`, that render sent to a logged-in visitor, whose own data the browser fetches once it shows.
 */
export const RENDERED_FOR_ATTRIBUTE = 'data-rendered-for'
export const RENDERED_FOR_EVERYONE = `${RENDERED_FOR_ATTRIBUTE}="everyone"`
export const RENDERED_FOR_SESSION = `${RENDERED_FOR_ATTRIBUTE}="session"`
export const VALID_UNTIL_ATTRIBUTE = 'data-valid-until'
/** Id of the JSON data block listing the page's scripts: `{ "entry": url, "early": [url…], "preload": [url…] }`. */
export const PAGE_SCRIPTS_ID = 'page-scripts'

export interface PageScripts {
  entry: string
  /** Fetched at once, before the first paint. */
  early: string[]
  /** Fetched with the entry, after the first paint. */
  preload: string[]
}

/** Whether prerendered HTML valid in [from, until) (attribute values, empty: unbounded) still holds at `now`. */
export function prerenderHolds(from: string | null, until: string | null, now: number): boolean {
  return !((from && now < Number(from)) || (until && now >= Number(until)))
}

export const PRERENDER_BOOT_SCRIPT = `(function(){
var d=document;try{if(/GuohengApp|GuohengMall/i.test(navigator.userAgent)||/[?&](inApp=1|from=app)(&|$)/.test(location.search)||sessionStorage.getItem('${IN_APP_TAB_KEY}')==='1')d.documentElement.setAttribute('${IN_APP_ATTRIBUTE}','')}catch(e){}
var r=d.getElementById('root'),f=r.getAttribute('${VALID_FROM_ATTRIBUTE}'),u=r.getAttribute('${VALID_UNTIL_ATTRIBUTE}'),n=Date.now();
if((f&&n<+f)||(u&&n>=+u)||location.pathname!==r.getAttribute('${PATH_ATTRIBUTE}')){r.removeAttribute('data-prerendered');r.textContent=''}
var s=JSON.parse(d.getElementById('${PAGE_SCRIPTS_ID}').textContent);
function add(tag,attrs){var e=d.createElement(tag);for(var k in attrs)e.setAttribute(k,attrs[k]);d.head.appendChild(e)}
function pre(h){add('link',{rel:'modulepreload',crossorigin:'',href:h})}
(s.early||[]).forEach(pre);
requestAnimationFrame(function(){setTimeout(function(){
s.preload.forEach(pre);
add('script',{type:'module',crossorigin:'',src:s.entry})})})})()`
