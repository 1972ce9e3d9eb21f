export {
  type Workspace,
  WorkspaceSwitcher,
  WorkspaceSwitcherItem,
  type WorkspaceSwitcherProps,
} from './workspace-switcher'
