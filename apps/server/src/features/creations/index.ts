import type { MediaInfra } from '../../media-services'
import type { SharedDeps } from '../shared-deps'
import { creationHandlers } from './creation.routes'
import { creationServices } from './services'

/**
 * The creations feature: the services a creation is made with ({@link creationServices}: the templates and brand
 * kit it draws with, and `Creations`) and its `/api` handlers.
 */
export function creationsFeature(s: SharedDeps, media: MediaInfra) {
  const services = creationServices(s, media)
  return { ...services, handlers: creationHandlers(services.creations) }
}
