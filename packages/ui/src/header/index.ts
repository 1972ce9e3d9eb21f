export { Header, type HeaderProps, HeaderTitle } from './header'
