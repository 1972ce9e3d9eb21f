export {
  type CommentEntry,
  CommentPin,
  type CommentPinProps,
  CommentThread,
  type CommentThreadProps,
} from './comment-thread'
