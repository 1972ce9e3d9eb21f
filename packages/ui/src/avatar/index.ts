export { Avatar, AvatarFallback, AvatarImage, type AvatarProps, avatarVariants, initialsOf } from './avatar'
