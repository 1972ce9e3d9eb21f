export { Button, type ButtonProps, buttonVariants } from './button'
