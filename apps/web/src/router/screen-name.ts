/**
 * The name of each lazily loaded layout and screen of the route table (routes.tsx): its module's file name in
 * camelCase. A leaf module, so that code the screens themselves import (the first reads) can name a screen
 * without importing the route table, which imports every screen.
 */
export type ScreenName =
  | 'publicLayout'
  | 'queryLayout'
  | 'appLayout'
  | 'landing'
  | 'login'
  | 'register'
  | 'legal'
  | 'subscription'
  | 'contact'
  | 'about'
  | 'examples'
  | 'checkout'
  | 'dashboard'
  | 'templates'
  | 'creation'
  | 'pricingPlans'
  | 'purchaseHistory'
  | 'receipt'
  | 'notifications'
  | 'templateType'
  | 'templateEditor'
  | 'notFound'
