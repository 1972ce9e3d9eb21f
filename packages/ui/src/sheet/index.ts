export {
  Sheet,
  SheetClose,
  SheetContent,
  type SheetContentProps,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
  sheetVariants,
} from './sheet'
