export {
  AvatarMenu,
  AvatarMenuItem,
  type AvatarMenuItemProps,
  type AvatarMenuProps,
  AvatarMenuSeparator,
} from './avatar-menu'
