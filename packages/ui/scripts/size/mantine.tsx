// The same shell features from Mantine (AppShell, NavLink, Menu, Indicator, Avatar, Tooltip,
// notifications): the comparison row "Mantine" of scripts/size.mjs. Not part of the package.
import {
  ActionIcon,
  AppShell,
  Avatar,
  Burger,
  Indicator,
  MantineProvider,
  Menu,
  NavLink,
  Tooltip,
} from '@mantine/core'
import { Notifications, notifications } from '@mantine/notifications'

export {
  ActionIcon,
  AppShell,
  Avatar,
  Burger,
  Indicator,
  MantineProvider,
  Menu,
  NavLink,
  Notifications,
  notifications,
  Tooltip,
}
