/**
 * Where each endpoint lives: plain data without zod, so that the client (which needs nothing else at run
 * time) can be loaded without the schemas. `endpoints` adds the rest to each entry.
 */
export const endpointRoutes = {
  register: { method: 'POST', path: '/user/register' },
  login: { method: 'POST', path: '/user/login' },
  logout: { method: 'POST', path: '/user/logout' },
  myInfo: { method: 'GET', path: '/user/my-info' },
  myNotification: { method: 'GET', path: '/user/my-notification' },
  markNotificationRead: { method: 'POST', path: '/notification/read' },
  markAllNotificationsRead: { method: 'POST', path: '/notification/read-all' },
  templateTypeList: { method: 'GET', path: '/template-type/list' },
  starTemplateType: { method: 'POST', path: '/template-type/star' },
  contactMessage: { method: 'POST', path: '/contact-message' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: `/${string}` }>

export type EndpointRouteName = keyof typeof endpointRoutes
