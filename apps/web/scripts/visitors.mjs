/**
 * The kinds of visitor the speed scripts measure (first-paint.mjs, lighthouse.mjs); the server they measure
 * against is server.mjs.
 */

/**
 * `language`: the browser's (navigator.languages and Accept-Language); `signedIn`: a session stored before
 * the load; `expect`: the path the visitor ends on.
 */
export const visitors = [
  { name: 'English, signed out', path: '/', language: 'en-US', signedIn: false },
  { name: 'English, signed out', path: '/login', language: 'en-US', signedIn: false },
  { name: 'Chinese, signed out', path: '/', language: 'zh-CN', signedIn: false },
  { name: 'Chinese, signed out', path: '/login', language: 'zh-CN', signedIn: false },
  {
    name: 'English, signed out, query',
    path: '/login?redirect=%2Fdashboard',
    language: 'en-US',
    signedIn: false,
  },
  {
    name: 'Chinese, signed out, query',
    path: '/login?redirect=%2Fdashboard',
    language: 'zh-CN',
    signedIn: false,
  },
  {
    name: 'English, signed out, protected',
    path: '/dashboard',
    language: 'en-US',
    signedIn: false,
    expect: '/login?redirect=%2Fdashboard',
  },
  { name: 'English, signed in', path: '/', language: 'en-US', signedIn: true },
  { name: 'Chinese, signed in', path: '/', language: 'zh-CN', signedIn: true },
  { name: 'English, signed in', path: '/login', language: 'en-US', signedIn: true, expect: '/dashboard' },
  { name: 'Chinese, signed in', path: '/login', language: 'zh-CN', signedIn: true, expect: '/dashboard' },
  { name: 'English, signed in', path: '/dashboard', language: 'en-US', signedIn: true },
  { name: 'Chinese, signed in', path: '/dashboard', language: 'zh-CN', signedIn: true },
]
