export { Badge, type BadgeProps, badgeVariants, DEFAULT_BADGE_MAX, formatCount } from './badge'
